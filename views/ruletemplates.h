// SPDX-License-Identifier: MIT
#pragma once
// Rule wordings with figures or names inside the sentence ("would put 16 ranks on each node, but a dgx-h100 node has
// 8 GPUs: …"), which a prefix cannot translate: a whole-text pattern per wording, its parts matched and put into the
// translated sentence. Used by views/text.cpp before its table of prefixes.
#include <QString>
#include <optional>
#include <string_view>
#include <vector>

namespace tutor::views {

/// The parts of `text` that the placeholders %1 … %9 of `pattern` stand for, in placeholder order, or nothing when
/// `text` is not that pattern. A placeholder takes at least one byte and stops at the first occurrence of the
/// literal after it; the last literal is matched at the end of the text.
std::optional<std::vector<std::string_view>> matchPattern(std::string_view pattern, std::string_view text);

/// `pattern`'s translation with each %n replaced by args[n-1] in one pass (an argument holding "%2" stays as it is).
QString fillPattern(const QString& pattern, const std::vector<QString>& args);

/// `rule` in the interface's language when it is one of the patterned wordings, else nothing. `translate` turns a
/// part that is itself a wording (a JSON parser message, a claim error, an operating-system error) into the
/// interface's language.
std::optional<QString> templatedRule(std::string_view rule, QString (*translate)(std::string_view part));

} // namespace tutor::views
