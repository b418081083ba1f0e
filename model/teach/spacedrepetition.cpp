// SPDX-License-Identifier: MIT
#include "model/teach/spacedrepetition.h"

#include <algorithm>
#include <cmath>

namespace tutor::model {

Sm2Card review(Sm2Card card, int quality, std::int64_t today)
{
    const int q = std::clamp(quality, 0, 5);
    if (q >= 3) {
        if (card.repetitions == 0)
            card.intervalDays = 1;
        else if (card.repetitions == 1)
            card.intervalDays = 6;
        else // capped at ten years, far from any overflow of the day count
            card.intervalDays
                = static_cast<int>(std::min(3650.0, std::round(std::max(1, card.intervalDays) * card.easiness)));
        ++card.repetitions;
        card.dueDay = today + card.intervalDays;
    } else {
        // Start the run again; SM-2 repeats an item graded below 3 the same day until it is answered.
        card.repetitions = 0;
        card.intervalDays = 0;
        card.dueDay = today;
    }
    const int miss = 5 - q;
    card.easiness = std::max(kMinEasiness, card.easiness + 0.1 - miss * (0.08 + miss * 0.02));
    return card;
}

} // namespace tutor::model
