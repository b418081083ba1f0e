// SPDX-License-Identifier: MIT
#include "model/collectives/problem.h"

namespace tutor::model {

std::string Problem::text() const
{
    std::string out;
    if (!where.empty())
        out += where + ": ";
    out += field;
    if (!value.empty())
        out += " = " + value;
    out += ": " + rule;
    return out;
}

std::string toText(const Problems& problems)
{
    std::string out;
    for (const auto& p : problems) {
        if (!out.empty())
            out += '\n';
        out += p.text();
    }
    return out;
}

} // namespace tutor::model
