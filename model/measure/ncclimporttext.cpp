// SPDX-License-Identifier: MIT
// The text table of nccl-tests (src/common.cu, src/util.cu; per-collective headers before 2.13) as runs.
#include "model/measure/fileio.h"
#include "model/measure/ncclimportdetail.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace tutor::model {

using detail::problemAt;
using detail::splitWords;
using detail::toInteger;
using detail::toNumber;

namespace {

/// Where a line belongs in the block nccl-tests prints for one run, in print order. A line of an earlier (or, for
/// the non-repeating ones, the same) stage than the run has reached starts the next run.
enum class Stage { None, Version, Starting, Params, Devices, RankLine, Columns, Row, Bounds, AvgBw, Concluded };

bool repeats(Stage s)
{
    return s == Stage::RankLine || s == Stage::Row;
}

/// The columns of one data row: size count type [redop] [root], then out-of-place and in-place halves of
/// time algbw busbw #wrong [i_min i_max i_p99 i_cv%], then an optional "YYYY-MM-DD HH:MM:SS" (-S 1).
struct Layout {
    bool redop = true;
    bool root = true;
    int half = 4;
    bool timestamp = false;
    bool errorColumn = false; ///< before 2.13 the fourth column of a half is the max error, not a count
    int lead() const { return 3 + (redop ? 1 : 0) + (root ? 1 : 0); }
    int width() const { return lead() + 2 * half + (timestamp ? 2 : 0); }
};

/// The layout a "#  size count type ..." header announces.
Layout layoutFromHeader(const std::vector<std::string_view>& names)
{
    Layout l;
    const auto has = [&](std::string_view n) { return std::find(names.begin(), names.end(), n) != names.end(); };
    l.redop = has("redop");
    l.root = has("root");
    l.half = has("i_min") ? 8 : 4;
    l.timestamp = has("timestamp");
    l.errorColumn = has("error");
    return l;
}

/// The layout a row has by itself (an excerpt without its header): redop is the only word in the lead columns,
/// and the column count then tells whether a root column and per-iteration columns are there.
std::optional<Layout> layoutFromRow(const std::vector<std::string_view>& w)
{
    Layout l;
    std::size_t n = w.size();
    if (n >= 2 && detail::isDateWord(w[n - 2]) && detail::isClockWord(w[n - 1])) {
        l.timestamp = true;
        n -= 2;
    }
    if (n < 4)
        return std::nullopt;
    l.redop = !toNumber(w[3]);
    const std::size_t r = n - (l.redop ? 4 : 3);
    if (r != 8 && r != 9 && r != 16 && r != 17)
        return std::nullopt;
    l.root = (r % 2) == 1;
    l.half = static_cast<int>(r / 2);
    return l;
}

struct RunBuilder {
    ImportedRun run;
    Stage stage = Stage::None;
    std::set<std::int64_t> rankLines;
    std::int64_t maxRank = -1;
    int headerRanks = 0; ///< commtutor-live's "# nRanks N"
    std::optional<Collective> headerOp; ///< "# Collective test starting"
    std::optional<Collective> layoutOp; ///< a pre-2.13 column set only one collective prints
    std::optional<Collective> programOp; ///< "<name>_perf" named before the table
    int programLine = 0;
    std::optional<Layout> layout;
};

class TextParser {
public:
    TextParser(const std::string& fileName, const ImportHints& hints)
        : m_file(fileName)
        , m_hints(hints)
    {
    }

    ImportResult run(std::string_view text)
    {
        learnHosts(text);
        int lineNo = 0;
        std::size_t start = 0;
        while (start <= text.size()) {
            const std::size_t nl = text.find('\n', start);
            const auto raw = text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
            start = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
            line(raw, ++lineNo);
        }
        flushPartial();
        close();
        m_result.file = m_file;
        return std::move(m_result);
    }

private:
    /// The current run has its table behind it: what follows belongs to the next one.
    bool currentIsClosed() const { return !m_cur.run.rows.empty() || m_cur.stage >= Stage::Bounds; }

    void line(std::string_view raw, int lineNo)
    {
        const auto clean = detail::cleanLine(raw);
        if (clean.fence || clean.text.empty())
            return;
        const std::string_view text = clean.text;
        if (detail::isNcclDebugLine(text)) {
            noteNcclVersion(detail::ncclVersionInLine(text));
            // Another rank's debug line glued to the end of a table fragment ("... sum -1node7:12:12 [0] NCCL INFO"):
            // keep the fragment.
            const auto fragment = beforeDebugLine(text);
            if (!fragment.empty() && std::isdigit(static_cast<unsigned char>(fragment.front())) != 0)
                dataLine(fragment, lineNo);
            return;
        }
        if (text.front() == '#') {
            flushPartial();
            comment(text, lineNo);
            return;
        }
        dataLine(text, lineNo);
    }

    /// "host:pid:tid [dev] NCCL ...": the host names NCCL's debug lines start with, to find them glued to a row.
    void learnHosts(std::string_view text)
    {
        std::size_t start = 0;
        while (start < text.size()) {
            const std::size_t nl = std::min(text.find('\n', start), text.size());
            const auto clean = detail::cleanLine(text.substr(start, nl - start));
            start = nl + 1;
            if (!detail::isNcclDebugLine(clean.text))
                continue;
            const auto w = splitWords(clean.text);
            if (w.size() < 3 || !w[1].starts_with('[') || w[2] != "NCCL")
                continue;
            const auto colon = w[0].find(':');
            if (colon != std::string_view::npos && colon > 0)
                m_hosts.insert(std::string(w[0].substr(0, colon)));
        }
    }

    /// The text before a debug line that another rank's output was glued to; empty when the line is all debug.
    std::string_view beforeDebugLine(std::string_view text) const
    {
        const auto tag = text.find(" NCCL ");
        const auto bracket = text.rfind(" [", tag);
        if (tag == std::string_view::npos || bracket == std::string_view::npos)
            return {};
        const auto tokenStart = text.find_last_of(" \t", bracket - 1);
        const auto token = text.substr(tokenStart == std::string_view::npos ? 0 : tokenStart + 1,
            bracket - (tokenStart == std::string_view::npos ? 0 : tokenStart + 1));
        // token = <glued row text><host>:<pid>:<tid>
        const auto firstColon = token.find(':');
        if (firstColon == std::string_view::npos)
            return {};
        const auto hostAndBefore = token.substr(0, firstColon);
        const auto tokenAt = static_cast<std::size_t>(token.data() - text.data());
        for (const auto& host : m_hosts)
            if (host.size() < hostAndBefore.size() && hostAndBefore.ends_with(host))
                return text.substr(0, tokenAt + hostAndBefore.size() - host.size());
        // No clean debug line names the host: the glued column is root or #wrong, a short integer ("-1", "0"), so
        // take the shortest integer prefix that leaves a host name with a letter in it.
        for (std::size_t n = 1; n < hostAndBefore.size(); ++n) {
            const auto head = hostAndBefore.substr(0, n);
            const auto host = hostAndBefore.substr(n);
            if (toInteger(head) && std::any_of(host.begin(), host.end(), [](char c) {
                    return std::isalpha(static_cast<unsigned char>(c)) != 0;
                }))
                return text.substr(0, tokenAt + n);
        }
        return {};
    }

    void dataLine(std::string_view text, int lineNo)
    {
        auto words = splitWords(text);
        if (m_partial) {
            // nccl-tests' row split over lines by interleaved output from other ranks: join the pieces.
            auto joined = m_partialWords;
            joined.insert(joined.end(), words.begin(), words.end());
            if (std::all_of(words.begin(), words.end(), [](auto w) { return toNumber(w) || w == "N/A"; })
                && static_cast<int>(joined.size()) <= expectedWidth()) {
                m_partialWords = std::move(joined);
                if (static_cast<int>(m_partialWords.size()) == expectedWidth()) {
                    const int at = m_partialLine;
                    auto complete = std::move(m_partialWords);
                    m_partial = false;
                    row(complete, at);
                }
                return;
            }
            flushPartial();
        }
        if (words.size() >= 2 && toInteger(words[0]) && toInteger(words[1])) {
            if (static_cast<int>(words.size()) < expectedWidth() && words.size() < 11) {
                m_partial = true;
                m_partialLine = lineNo;
                m_partialWords = std::move(words);
                return;
            }
            row(words, lineNo);
            return;
        }
        // Any other text: a command line or a script's echo may name the binary; NCCL prints its version.
        noteNcclVersion(detail::ncclVersionInLine(text));
        if (const auto op = detail::opFromProgramText(text))
            noteProgram(*op, lineNo);
    }

    int expectedWidth() const { return m_cur.layout ? m_cur.layout->width() : 13; }

    void flushPartial()
    {
        if (!m_partial)
            return;
        m_partial = false;
        // A short row that never completed: let the row check report it.
        row(m_partialWords, m_partialLine);
    }

    void noteNcclVersion(const std::string& version)
    {
        if (version.empty())
            return;
        RunBuilder& b = currentIsClosed() ? m_next : m_cur;
        if (b.run.ncclVersion.empty())
            b.run.ncclVersion = version;
    }

    void noteProgram(Collective op, int lineNo)
    {
        RunBuilder& b = currentIsClosed() ? m_next : m_cur;
        b.programOp = op;
        b.programLine = lineNo;
    }

    /// Moves to `stage`, starting the next run first when this line cannot belong to the current one.
    void enter(Stage stage, int lineNo)
    {
        if (m_cur.stage > stage || (m_cur.stage == stage && !repeats(stage)))
            close();
        if (m_cur.run.firstLine == 0)
            m_cur.run.firstLine = lineNo;
        m_cur.run.lastLine = lineNo;
        m_cur.stage = stage;
    }

    void comment(std::string_view text, int lineNo)
    {
        auto body = text;
        while (!body.empty() && body.front() == '#')
            body.remove_prefix(1);
        const auto w = splitWords(body);
        if (w.empty())
            return;
        if (w.size() >= 3 && w[0] == "nccl-tests" && w[1] == "version") {
            enter(Stage::Version, lineNo);
            m_cur.run.ncclTestsVersion = std::string(w[2]);
            for (const auto word : w)
                if (word.starts_with("nccl-library="))
                    if (const auto code = toInteger(word.substr(13)))
                        m_cur.run.ncclVersion = detail::ncclVersionFromCode(*code);
        } else if (w.size() >= 2 && w[0] == "commtutor-live") {
            enter(Stage::Version, lineNo);
            for (const auto word : w)
                if (word.starts_with("nccl-library="))
                    if (const auto code = toInteger(word.substr(13)))
                        m_cur.run.ncclVersion = detail::ncclVersionFromCode(*code);
        } else if (w.size() >= 4 && w[0] == "Collective" && w[1] == "test" && w[2] == "starting:") {
            enter(Stage::Starting, lineNo);
            m_cur.headerOp = detail::opFromProgramText(w[3]);
        } else if (w.size() >= 4 && w[0] == "nThread" && w[2] == "nGpus") {
            enter(Stage::Params, lineNo);
            const auto threads = toInteger(w[1]);
            const auto gpus = toInteger(w[3]);
            if (threads && gpus && *threads > 0 && *gpus > 0 && *threads * *gpus < (1 << 20))
                m_cur.run.gpusPerProcess = static_cast<int>(*threads * *gpus);
        } else if (w.size() >= 2 && w[0] == "nRanks") {
            enter(Stage::Params, lineNo);
            if (const auto n = toInteger(w[1]); n && *n > 0 && *n < (1 << 24))
                m_cur.headerRanks = static_cast<int>(*n);
        } else if (w.size() >= 2 && w[0] == "Using" && w[1] == "devices") {
            enter(Stage::Devices, lineNo);
        } else if (w.size() >= 2 && w[0] == "Rank" && toInteger(w[1])) {
            const auto rank = *toInteger(w[1]);
            if (rank < 0 || rank >= (1 << 24))
                return;
            enter(Stage::RankLine, lineNo);
            m_cur.rankLines.insert(rank);
            m_cur.maxRank = std::max(m_cur.maxRank, rank);
        } else if (w.size() >= 3 && w[0] == "size" && w[1] == "count") {
            enter(Stage::Columns, lineNo);
            m_cur.layout = layoutFromHeader(w);
            // Before 2.13 each collective printed its own lead columns; two of the sets are unique.
            if (m_cur.layout->errorColumn && m_cur.layout->root)
                m_cur.layoutOp = m_cur.layout->redop ? Collective::Reduce : Collective::Broadcast;
        } else if (w.size() >= 3 && w[0] == "Out" && w[1] == "of" && w[2] == "bounds") {
            enter(Stage::Bounds, lineNo);
        } else if (w.size() >= 3 && w[0] == "Avg" && w[1] == "bus" && w[2] == "bandwidth") {
            enter(Stage::AvgBw, lineNo);
        } else if (w.size() >= 3 && w[0] == "Collective" && w[1] == "test" && w[2] == "concluded:") {
            enter(Stage::Concluded, lineNo);
        } else if (w[0] != "(B)" && w[0] != "out-of-place") {
            // A heading someone wrote ("## all_gather_perf, 2 nodes") may name the binary.
            if (const auto op = detail::opFromProgramText(body))
                noteProgram(*op, lineNo);
        }
    }

    void row(const std::vector<std::string_view>& w, int lineNo)
    {
        // A binary named after this run's rows starts the next run, even without a header (pasted excerpts).
        if (m_next.programOp && !m_cur.run.rows.empty())
            close();
        enter(Stage::Row, lineNo);
        std::optional<Layout> layout = m_cur.layout;
        if (!layout || static_cast<int>(w.size()) != layout->width()) {
            const bool oldErrors = layout && layout->errorColumn;
            layout = layoutFromRow(w);
            if (layout)
                layout->errorColumn = oldErrors;
        }
        if (!layout) {
            m_result.warnings.push_back(problemAt(m_file, lineNo, "row", std::to_string(w.size()) + " columns",
                "a data row has size count type [redop] [root], then time algbw busbw #wrong (and i_min i_max "
                "i_p99 i_cv% with -I 1) for out-of-place and in-place, then a timestamp with -S 1; row skipped"));
            return;
        }
        const auto bad = [&](const char* field, std::string_view value, const char* rule) {
            m_result.warnings.push_back(
                problemAt(m_file, lineNo, field, std::string(value), std::string(rule) + "; row skipped"));
        };
        Measurement base;
        base.bytes = *toInteger(w[0]);
        base.count = *toInteger(w[1]);
        if (base.bytes > kMaxMessageBytes)
            return bad("size", w[0], "must be at most 1 TiB (2^40 bytes)");
        const auto dtype = parseDType(w[2]);
        if (!dtype)
            return bad("type", w[2], "unknown data type");
        base.dtype = *dtype;
        std::size_t at = 3;
        std::string redop;
        if (layout->redop)
            redop = std::string(w[at++]);
        if (layout->root) {
            const auto root = toInteger(w[at]);
            if (!root || *root < -1 || *root >= kMaxMeasuredRanks)
                return bad("root", w[at], "must be -1 or a rank");
            base.root = static_cast<int>(*root);
            ++at;
        }
        if (base.bytes < 0 || base.count < 0)
            return bad("size", w[0], "must be ≥ 0");
        std::vector<Measurement> halves;
        for (int g = 0; g < 2; ++g) {
            const std::size_t h = at + static_cast<std::size_t>(g * layout->half);
            Measurement m = base;
            m.inPlace = g == 1;
            if (g == 1 && w[h] == "N/A" && w[h + 1] == "N/A" && w[h + 2] == "N/A")
                continue; // commtutor-live --inplace 0: the in-place half did not run
            const char* names[] = { "time", "algbw", "busbw" };
            double v[3] = {};
            for (std::size_t k = 0; k < 3; ++k) {
                const auto number = toNumber(w[h + k]);
                if (!number || *number < 0)
                    return bad(names[k], w[h + k], "must be a finite number ≥ 0");
                v[k] = *number;
            }
            m.timeSeconds = v[0] * kMicro;
            m.algBwGBps = v[1];
            m.busBwGBps = v[2];
            const auto wrong = w[h + 3];
            if (wrong == "N/A" || layout->errorColumn) {
                m.wrong = -1; // not checked, or (before 2.13) a maximum error rather than a count
            } else if (const auto n = toNumber(wrong); n && io::wholeAs<std::int64_t>(*n) >= 0) {
                m.wrong = *io::wholeAs<std::int64_t>(*n);
            } else {
                return bad("#wrong", wrong, "must be a count or N/A");
            }
            if (layout->half == 8) {
                const auto iMin = toNumber(w[h + 4]);
                const auto iP99 = toNumber(w[h + 6]);
                if (!iMin || !iP99)
                    return bad("i_min", w[h + 4], "per-iteration columns must be numbers (µs)");
                m.minSeconds = *iMin * kMicro;
                m.p99Seconds = *iP99 * kMicro;
            }
            halves.push_back(m);
        }
        if (base.bytes < 1)
            return; // nccl-tests prints 0-byte rows for sizes below one element per rank
        for (const auto& m : halves)
            if (m.timeSeconds <= 0)
                return bad("time", "0", "must be > 0 for a size > 0");
        if (m_cur.run.rows.empty()) {
            m_cur.run.redop = redop;
            m_cur.run.dtype = base.dtype;
            m_cur.run.root = base.root;
        }
        for (auto& m : halves)
            m_cur.run.rows.push_back(std::move(m));
    }

    void close()
    {
        RunBuilder done = std::move(m_cur);
        m_cur = std::move(m_next);
        m_next = RunBuilder {};
        if (done.stage == Stage::None)
            return;
        if (done.run.rows.empty()) {
            if (done.stage >= Stage::Columns)
                m_result.warnings.push_back(problemAt(m_file, done.run.firstLine, "rows", "0",
                    "this run's header has no data rows after it (the test failed or the log was cut)"));
            return;
        }
        ImportedRun& run = done.run;
        if (done.headerOp) {
            run.op = done.headerOp;
            run.opSource = "header";
        } else if (done.layoutOp) {
            run.op = done.layoutOp;
            run.opSource = "header";
        } else if (done.programOp) {
            run.op = done.programOp;
            run.opSource = "command line";
        }
        if (done.maxRank >= 0) {
            run.ranks = static_cast<int>(done.maxRank + 1);
            run.ranksAtLeast = static_cast<std::int64_t>(done.rankLines.size()) < done.maxRank + 1;
            run.ranksSource = "rank lines";
        } else if (done.headerRanks > 0) {
            run.ranks = done.headerRanks;
            run.ranksSource = "header";
        }
        for (auto& p : detail::settleRun(run, m_hints, m_file))
            m_result.warnings.push_back(std::move(p));
        if (run.rows.empty())
            return;
        m_result.runs.push_back(std::move(run));
    }

    std::string m_file;
    ImportHints m_hints;
    ImportResult m_result;
    RunBuilder m_cur;
    RunBuilder m_next; ///< what was seen after the current run's table, for the run that follows
    bool m_partial = false;
    int m_partialLine = 0;
    std::vector<std::string_view> m_partialWords;
    std::set<std::string> m_hosts;
};

} // namespace

ImportResult parseNcclTestsText(std::string_view text, const std::string& fileName, const ImportHints& hints)
{
    return TextParser(fileName, hints).run(text);
}

} // namespace tutor::model
