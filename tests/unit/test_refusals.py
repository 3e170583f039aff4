"""The refusal codes are a contract with the translators (locales: refusal.<code>)."""

from game import IllegalMove, Refusal

CODES = {
    "one-card-at-a-time", "not-a-run", "group-too-large", "empty-needs-king", "wrong-color",
    "wrong-suit", "wrong-rank", "foundation-suit", "foundation-rank", "foundation-one-card",
    "cell-full", "cell-one-card", "face-down", "empty-source", "stock-empty", "not-a-target",
    "same-pile", "no-such-pile",
}


def test_codes_are_exactly_the_agreed_ones():
    assert {r.value for r in Refusal} == CODES
    assert str(Refusal.GROUP_TOO_LARGE) == "group-too-large"
    assert Refusal("wrong-rank") is Refusal.WRONG_RANK
    assert isinstance(Refusal.WRONG_RANK, str)


def test_illegal_move_carries_code_details_and_english():
    e = IllegalMove(Refusal.GROUP_TOO_LARGE, None, {"limit": 3, "count": 4})
    assert e.code == "group-too-large" and e.reason is Refusal.GROUP_TOO_LARGE
    assert e.details == {"limit": 3, "count": 4}
    assert "limit 3" in str(e) and isinstance(e, ValueError)
