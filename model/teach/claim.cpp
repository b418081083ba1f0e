// SPDX-License-Identifier: MIT
#include "model/teach/claim.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace tutor::model {

namespace {
/// A recursive-descent parser that evaluates as it parses. With no figures it only checks the syntax (every
/// template stands for 1). The first error stops evaluation; nothing throws.
class ClaimParser {
public:
    ClaimParser(std::string_view text, const Figures* figures)
        : m_text(text)
        , m_figures(figures)
    {
    }

    ClaimCheck run()
    {
        ClaimCheck check;
        skipSpace();
        if (m_pos >= m_text.size()) {
            fail("the claim is empty");
        } else {
            const double value = comparison();
            skipSpace();
            if (m_error.empty() && m_pos < m_text.size())
                fail("unexpected '" + std::string(1, m_text[m_pos]) + "'");
            if (m_error.empty() && !std::isfinite(value))
                m_error = "the value is not finite";
            check.holds = m_error.empty() && value != 0;
        }
        check.error = m_error;
        check.values = std::move(m_values);
        return check;
    }

private:
    void fail(const std::string& what)
    {
        if (m_error.empty())
            m_error = "column " + std::to_string(m_pos + 1) + ": " + what;
    }
    bool ok() const { return m_error.empty(); }

    void skipSpace()
    {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\t'))
            ++m_pos;
    }
    bool accept(std::string_view token)
    {
        skipSpace();
        if (m_text.substr(m_pos, token.size()) != token)
            return false;
        m_pos += token.size();
        return true;
    }

    double comparison()
    {
        const double left = sum();
        if (!ok())
            return 0;
        static constexpr std::string_view kOps[] = { "<=", ">=", "==", "!=", "<", ">" };
        for (const auto op : kOps) {
            if (!accept(op))
                continue;
            const double right = sum();
            if (!ok())
                return 0;
            const double tolerance = 1e-9 * std::max({ 1.0, std::fabs(left), std::fabs(right) });
            if (op == "<=")
                return left <= right;
            if (op == ">=")
                return left >= right;
            if (op == "==")
                return std::fabs(left - right) <= tolerance;
            if (op == "!=")
                return std::fabs(left - right) > tolerance;
            if (op == "<")
                return left < right;
            return left > right;
        }
        return left;
    }

    double sum()
    {
        double value = product();
        while (ok()) {
            if (accept("+"))
                value += product();
            else if (accept("-"))
                value -= product();
            else
                break;
        }
        return value;
    }

    double product()
    {
        double value = unary();
        while (ok()) {
            if (accept("*")) {
                value *= unary();
            } else if (peekDivision()) {
                ++m_pos;
                const auto at = m_pos;
                const double divisor = unary();
                if (ok() && divisor == 0 && m_figures) {
                    m_pos = at;
                    fail("division by zero");
                    return 0;
                }
                value = m_figures ? value / divisor : value;
            } else {
                break;
            }
        }
        return value;
    }

    /// A '/' that divides (inside `{{…}}` a ' / ' is the template's own ratio and never reaches here).
    bool peekDivision()
    {
        skipSpace();
        return m_pos < m_text.size() && m_text[m_pos] == '/';
    }

    double unary()
    {
        if (accept("-"))
            return -unary();
        return primary();
    }

    double primary()
    {
        skipSpace();
        if (m_pos >= m_text.size()) {
            fail("expected a number, a {{figure}}, a function or '('");
            return 0;
        }
        if (accept("{{"))
            return figure();
        if (accept("(")) {
            const double value = sum();
            if (ok() && !accept(")"))
                fail("expected ')'");
            return value;
        }
        const char c = m_text[m_pos];
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.')
            return number();
        if (std::isalpha(static_cast<unsigned char>(c)))
            return function();
        fail("expected a number, a {{figure}}, a function or '('");
        return 0;
    }

    double number()
    {
        const char* begin = m_text.data() + m_pos;
        const char* end = m_text.data() + m_text.size();
        double value = 0;
        const auto [ptr, ec] = std::from_chars(begin, end, value);
        if (ec != std::errc() || ptr == begin) {
            fail("not a number");
            return 0;
        }
        m_pos += static_cast<std::size_t>(ptr - begin);
        return value;
    }

    double function()
    {
        const auto start = m_pos;
        while (m_pos < m_text.size() && std::isalpha(static_cast<unsigned char>(m_text[m_pos])))
            ++m_pos;
        const auto fn = std::string(m_text.substr(start, m_pos - start));
        if (fn != "abs" && fn != "min" && fn != "max") {
            m_pos = start;
            fail("unknown function '" + fn + "' (abs, min, max)");
            return 0;
        }
        if (!accept("(")) {
            fail("expected '(' after " + fn);
            return 0;
        }
        std::vector<double> args { sum() };
        while (ok() && accept(","))
            args.push_back(sum());
        if (ok() && !accept(")"))
            fail("expected ')' or ','");
        if (!ok())
            return 0;
        if (fn == "abs") {
            if (args.size() != 1) {
                fail("abs takes one argument");
                return 0;
            }
            return std::fabs(args[0]);
        }
        return fn == "min" ? *std::min_element(args.begin(), args.end()) : *std::max_element(args.begin(), args.end());
    }

    double figure()
    {
        const auto start = m_pos; // just after "{{"; errors point at the "{{"
        const auto open = start - 2;
        const auto close = m_text.find("}}", m_pos);
        if (close == std::string_view::npos) {
            fail("'{{' without '}}'");
            return 0;
        }
        m_pos = close + 2;
        auto expr = std::string(m_text.substr(start, close - start));
        while (!expr.empty() && expr.front() == ' ')
            expr.erase(expr.begin());
        while (!expr.empty() && expr.back() == ' ')
            expr.pop_back();
        if (expr.empty()) {
            m_pos = open;
            fail("empty {{}}");
            return 0;
        }
        if (!m_figures)
            return 1;
        if (const auto slash = expr.find(" / "); slash != std::string::npos) {
            const auto a = lookup(expr.substr(0, slash), open);
            const auto b = lookup(expr.substr(slash + 3), open);
            if (!ok())
                return 0;
            if (b == 0) {
                m_pos = open;
                fail("{{" + expr + "}}: division by zero");
                return 0;
            }
            m_values.emplace_back("{{" + expr + "}}", formatFigure(a / b, FigureUnit::Ratio));
            return a / b;
        }
        const double value = lookup(expr, open);
        if (ok())
            m_values.emplace_back("{{" + expr + "}}", m_figures->find(expr)->second.text);
        return value;
    }

    double lookup(std::string key, std::size_t at)
    {
        while (!key.empty() && key.back() == ' ')
            key.pop_back();
        while (!key.empty() && key.front() == ' ')
            key.erase(key.begin());
        const auto it = m_figures->find(key);
        if (it == m_figures->end()) {
            m_pos = at;
            fail("{{" + key + "}} is not a figure of the step");
            return 0;
        }
        if (it->second.unit == FigureUnit::Text) {
            m_pos = at;
            fail("{{" + key + "}} is text, not a number");
            return 0;
        }
        if (!std::isfinite(it->second.value)) {
            m_pos = at;
            fail("{{" + key + "}} is not finite");
            return 0;
        }
        return it->second.value;
    }

    std::string_view m_text;
    const Figures* m_figures;
    std::size_t m_pos = 0;
    std::string m_error;
    std::vector<std::pair<std::string, std::string>> m_values;
};
} // namespace

std::string claimSyntaxError(std::string_view claim)
{
    return ClaimParser(claim, nullptr).run().error;
}

ClaimCheck evaluateClaim(std::string_view claim, const Figures& figures)
{
    return ClaimParser(claim, &figures).run();
}

std::string claimValuesText(const ClaimCheck& check)
{
    std::string out;
    for (const auto& [key, value] : check.values)
        out += (out.empty() ? "" : ", ") + key + " = " + value;
    return out;
}

Problems checkClaims(const Lesson& lesson, const LessonStep& step, const Figures& figures)
{
    Problems problems;
    for (std::size_t i = 0; i < step.claims.size(); ++i) {
        const auto check = evaluateClaim(step.claims[i], figures);
        if (check.holds)
            continue;
        problems.push_back({ lesson.id + "#" + step.id + ".claims[" + std::to_string(i) + "]", step.claims[i],
            check.error.empty() ? "does not hold: " + claimValuesText(check) : "cannot be evaluated: " + check.error,
            lesson.path });
    }
    return problems;
}

} // namespace tutor::model
