"""Formal-conjectures constructs the declaration scanner must read as Lean does."""

from openfrontiers.lean.decls import LeanFile

CARDINALITY = """\
namespace Erdos1119

@[category research solved, AMS 3 30]
theorem erdos_1119 : answer(sorry) ↔
    ∀ F : Set (ℂ → ℂ), (∀ f ∈ F, Differentiable ℂ f) →
      #F ≤ 1 := by
  sorry

#check erdos_1119

end Erdos1119
"""


def test_indented_cardinality_prefix_does_not_start_a_command():
    lean = LeanFile.parse(CARDINALITY)
    (decl,) = lean.declarations
    assert decl.full_name == "Erdos1119.erdos_1119"
    assert decl.body is not None and decl.body.text(CARDINALITY).strip() == "by\n  sorry"
    assert "#F ≤ 1" in decl.type.text(CARDINALITY)
    # A `#`-command in the first column still is one.
    assert [c.kind for c in lean.commands].count("#check") == 1


def test_guillemet_namespaces_and_variant_names():
    src = (
        "namespace Kourovka.«1.74»\n\n"
        "/-- Is it? -/\n@[category research open, AMS 20]\n"
        "theorem kourovka_1_74.variants.finite : answer(sorry) ↔ True := by\n  sorry\n\n"
        "end Kourovka.«1.74»\n"
    )
    (decl,) = LeanFile.parse(src).declarations
    assert decl.full_name == "Kourovka.«1.74».kourovka_1_74.variants.finite"
    assert decl.attributes == ("category research open", "AMS 20")
