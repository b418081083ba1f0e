// SPDX-License-Identifier: MIT
#pragma once
// Spaced repetition for the interview mode: SuperMemo-2 (P. Wozniak, "Optimization of learning", 1990, the
// algorithm Anki started from). Each question is a card with an easiness factor, a count of successful reviews in a
// row and an interval; a review graded 0–5 sets the next due day. Days are whole days since 1970-01-01 (UTC), so
// the schedule survives restarts and time zones do not move a due date by a fraction.
#include <cstdint>

namespace tutor::model {

struct Sm2Card {
    double easiness = 2.5; ///< EF, at least kMinEasiness
    int repetitions = 0; ///< successful reviews in a row
    int intervalDays = 0; ///< days until the next review after the last one
    std::int64_t dueDay = 0; ///< day the card is due (0: never reviewed, due at once)
    bool operator==(const Sm2Card&) const = default;
};

inline constexpr double kMinEasiness = 1.3;

/// One review of `card` on `today` graded `quality` (0 blackout … 5 perfect; clamped), as SM-2 is usually written
/// (the interval from the EF before this review, then the EF update): quality ≥ 3: the interval becomes 1 day,
/// then 6, then the previous interval × EF (rounded, at most 3,650 days), and repetitions grows; quality < 3: the
/// run starts over (repetitions 0) and the card is due again the same day (SM-2 repeats such items until they are
/// answered). Then EF += 0.1 − (5 − q)(0.08 + (5 − q)·0.02), never below 1.3.
Sm2Card review(Sm2Card card, int quality, std::int64_t today);

/// The grade of an interview answer: right 4 (correct after hesitation is what a quiz can tell), wrong 1.
inline int qualityOf(bool correct)
{
    return correct ? 4 : 1;
}

} // namespace tutor::model
