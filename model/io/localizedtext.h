// SPDX-License-Identifier: MIT
#pragma once
// A text given in English and, optionally, in Chinese: scenario names and descriptions.
#include <string>
#include <string_view>

namespace tutor::model {

struct LocalizedText {
    std::string en;
    std::string zhCN;
    /// The text in `language` ("zh_CN", or anything else for English); English where the Chinese side is empty.
    const std::string& in(std::string_view language) const { return language == "zh_CN" && !zhCN.empty() ? zhCN : en; }
    bool operator==(const LocalizedText&) const = default;
};

} // namespace tutor::model
