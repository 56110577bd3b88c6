"""The report's figures (matplotlib, PNG and SVG): solves per condition per model, end
reasons per run, the distribution of attempt minutes, the solve matrix as a heat map.

Figures are built on `matplotlib.figure.Figure` directly — no pyplot, so no global figure
state — and saved without timestamps, so the same results give the same files. Each
figure's size is stated (`FigureFile`) and the report prints it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import matplotlib
import numpy as np
from matplotlib.axes import Axes
from matplotlib.colors import BoundaryNorm, ListedColormap
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from .analysis import ConfigResult, Results, attempt_state
from .records import CONDITIONS, PROTOCOLS

DPI = 100
_PNG_METADATA = {"Software": None}
_SVG_METADATA = {"Date": None, "Creator": None}


@dataclass(frozen=True)
class FigureFile:
    name: str
    title: str
    png: Path
    svg: Path
    width_px: int  # of the PNG
    height_px: int

    @property
    def width_pt(self) -> float:  # of the SVG
        return self.width_px * 72 / DPI

    @property
    def height_pt(self) -> float:
        return self.height_px * 72 / DPI

    def as_dict(self) -> dict:
        return {
            "name": self.name,
            "title": self.title,
            "png": self.png.name,
            "svg": self.svg.name,
            "width_px": self.width_px,
            "height_px": self.height_px,
            "width_pt": self.width_pt,
            "height_pt": self.height_pt,
        }


def _figure(width_in: float, height_in: float) -> Figure:
    return Figure(figsize=(width_in, height_in), dpi=DPI, layout="constrained")


def _save(fig: Figure, folder: Path, name: str, title: str) -> FigureFile:
    folder.mkdir(parents=True, exist_ok=True)
    png, svg = folder / f"{name}.png", folder / f"{name}.svg"
    # A fixed hash salt keeps the SVG's element ids the same from one run to the next.
    with matplotlib.rc_context({"svg.hashsalt": "openfrontiers"}):
        fig.savefig(png, format="png", dpi=DPI, metadata=_PNG_METADATA)
        fig.savefig(svg, format="svg", metadata=_SVG_METADATA)
    width, height = fig.get_size_inches()
    return FigureFile(name, title, png, svg, round(width * DPI), round(height * DPI))


def _empty(ax: Axes, message: str) -> None:
    ax.text(0.5, 0.5, message, ha="center", va="center", transform=ax.transAxes)
    ax.set_axis_off()


def _label(r: ConfigResult) -> str:
    return f"{r.model.label}\n{r.config.protocol} {r.config.condition}"


def solves_figure(results: Results, folder: Path) -> FigureFile:
    protocols = [p for p in PROTOCOLS if any(r.config.protocol == p for r in results.configs)]
    fig = _figure(10, 3.2 * max(1, len(protocols)))
    if not protocols:
        _empty(fig.add_subplot(), "no attempts")
        return _save(fig, folder, "solves", "Solved items per condition and model")
    axes = fig.subplots(len(protocols), 1, squeeze=False)[:, 0]
    width = 0.8 / len(CONDITIONS)
    for ax, protocol in zip(axes, protocols, strict=True):
        chosen = [r for r in results.configs if r.config.protocol == protocol]
        models = list(dict.fromkeys(r.model.name for r in chosen))
        labels = {r.model.name: r.model.label for r in chosen}
        for n, condition in enumerate(CONDITIONS):
            xs, heights, texts = [], [], []
            for m, name in enumerate(models):
                for r in chosen:
                    if r.model.name == name and r.config.condition == condition:
                        xs.append(m + (n - 1) * width)
                        heights.append(len(r.solved_items))
                        texts.append(f"{len(r.solved_items)}/{len(r.solved_denominator)}")
            if xs:
                bars = ax.bar(xs, heights, width, label=condition)
                ax.bar_label(bars, labels=texts, fontsize=8)
        ax.set_xticks(range(len(models)), [labels[m] for m in models], fontsize=8)
        ax.set_xlim(-0.5, len(models) - 0.5)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_ylim(0, max([len(r.solved_items) for r in chosen] + [1]) * 1.2)
        ax.set_ylabel("items solved")
        ax.set_title(
            f"{protocol} protocol (bar labels: solved / solved items planned)", fontsize=10
        )
        ax.legend(title="condition", fontsize=8)
    return _save(fig, folder, "solves", "Solved items per condition and model")


def end_reasons_figure(results: Results, folder: Path) -> FigureFile:
    configs = results.configs
    fig = _figure(10, max(3.0, 0.45 * len(configs) + 1.5))
    ax = fig.add_subplot()
    reasons = sorted({reason for r in configs for reason, _ in r.end_reasons})
    if not reasons:
        _empty(ax, "no finished attempts")
        return _save(fig, folder, "end_reasons", "End reasons per run")
    ys = range(len(configs))
    left = [0] * len(configs)
    for reason in reasons:
        counts = [dict(r.end_reasons).get(reason, 0) for r in configs]
        ax.barh(ys, counts, left=left, label=reason)
        left = [a + b for a, b in zip(left, counts, strict=True)]
    ax.set_yticks(list(ys), [_label(r).replace("\n", " ") for r in configs], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("attempts")
    ax.legend(fontsize=8, loc="lower right")
    return _save(fig, folder, "end_reasons", "End reasons per run")


def minutes_figure(results: Results, folder: Path) -> FigureFile:
    configs = [r for r in results.configs if r.finished]
    fig = _figure(10, max(3.0, 0.45 * len(configs) + 1.5))
    ax = fig.add_subplot()
    if not configs:
        _empty(ax, "no finished attempts")
        return _save(fig, folder, "minutes", "Attempt minutes per run")
    data = [[a.wall_minutes or 0.0 for a in r.finished] for r in configs]
    ax.boxplot(data, orientation="horizontal", showfliers=True)
    ax.set_yticks(
        range(1, len(configs) + 1), [_label(r).replace("\n", " ") for r in configs], fontsize=8
    )
    ax.invert_yaxis()
    ax.set_xlabel("wall-clock minutes per attempt")
    return _save(fig, folder, "minutes", "Attempt minutes per run")


# Solve-matrix colours: not solved, frozen for review, solved (blank: not planned).
_MATRIX_VALUES = {"solved": 2.0, "frozen": 1.0}
_MATRIX_COLOURS = ("#dddddd", "#f5a623", "#2e7d32")


def matrix_figure(results: Results, register_order: Sequence[str], folder: Path) -> FigureFile:
    position = {item: n for n, item in enumerate(register_order)}
    runs = results.ordered_runs()
    items = sorted({a.item for run in runs for a in run.attempts}, key=position.__getitem__)
    fig = _figure(max(6.0, 0.35 * len(runs) + 3.0), max(3.0, 0.22 * len(items) + 2.2))
    ax = fig.add_subplot()
    if not items:
        _empty(ax, "no attempts")
        return _save(fig, folder, "solve_matrix", "Solve matrix")
    grid = np.full((len(items), len(runs)), np.nan)
    for col, run in enumerate(runs):
        for attempt in run.attempts:
            state = attempt_state(attempt)
            grid[items.index(attempt.item), col] = _MATRIX_VALUES.get(state, 0.0)
    cmap = ListedColormap(_MATRIX_COLOURS)
    norm = BoundaryNorm([-0.5, 0.5, 1.5, 2.5], cmap.N)
    image = ax.imshow(grid, aspect="auto", cmap=cmap, norm=norm, interpolation="none")
    ax.set_xticks(range(len(runs)), [run.name for run in runs], fontsize=7, rotation=90)
    ax.set_yticks(range(len(items)), items, fontsize=7)
    bar = fig.colorbar(image, ax=ax, ticks=[0, 1, 2])
    bar.ax.set_yticklabels(["not solved", "frozen", "solved"], fontsize=8)
    ax.set_title("item × run (blank: not planned)", fontsize=9)
    return _save(fig, folder, "solve_matrix", "Solve matrix")


def all_figures(results: Results, register_order: Sequence[str], folder: Path) -> list[FigureFile]:
    return [
        solves_figure(results, folder),
        end_reasons_figure(results, folder),
        minutes_figure(results, folder),
        matrix_figure(results, register_order, folder),
    ]
