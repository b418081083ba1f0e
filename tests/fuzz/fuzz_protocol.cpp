// SPDX-License-Identifier: MIT
// The worker's JSON Lines protocol as the app reads it: the byte stream split by LineBuffer (in two chunks, and
// with one line longer than the limit when the input starts with '~'), each line parsed except one cut at the limit
// (the window stops a worker that writes one). A line is a record or an error with a message, never both; a record's
// encoding is valid UTF-8 and parses back to the same record.
#include "fuzzcheck.h"
#include "live/protocol/protocol.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace {

using namespace tutor;

void checkLine(std::string_view line)
{
    const auto parsed = live::parseLine(line);
    fuzz::require(parsed.ok() != parsed.error.has_value(), "a line is a record or an error");
    if (!parsed.ok()) {
        fuzz::require(!parsed.error->message.empty(), "a parse error has a message");
        return;
    }
    const auto encoded = live::encode(*parsed.record);
    fuzz::requireUtf8(encoded, "encode");
    fuzz::require(encoded.find('\n') == std::string::npos, "an encoded record is one line");
    const auto again = live::parseLine(encoded);
    fuzz::require(again.ok(), "an encoded record parses", again.ok() ? "" : again.error->message);
    fuzz::require(*again.record == *parsed.record, "a record round-trips through encode", encoded);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto text = fuzz::asText(data, size);
    std::string stream(text);
    // The limit's logic does not depend on its value, so an input that starts with '~' gets a small one (256 to
    // 1,279 bytes, from its second byte) and one line past it built from the input: a 1 MiB line per run would
    // hold the target near 100 runs/s. The unit loses its newlines before it is repeated.
    std::size_t limit = live::LineBuffer::kMaxLineBytes;
    if (!text.empty() && text.front() == '~') {
        limit = 256 + (size > 1 ? data[1] : 0) * 4;
        std::string unit(text.size() > 1 ? text.substr(1) : std::string_view("x"));
        std::replace(unit.begin(), unit.end(), '\n', ' ');
        std::string longLine;
        longLine.reserve(limit + unit.size() + 1);
        while (longLine.size() <= limit)
            longLine.append(unit);
        stream = longLine + "\n" + std::string(text.substr(1));
    }
    live::LineBuffer buffer(limit);
    fuzz::require(buffer.maxLineBytes() == limit, "the buffer keeps the limit it was given");
    const std::size_t cut = size == 0 ? 0 : data[0] % (stream.size() + 1);
    auto lines = buffer.feed(std::string_view(stream).substr(0, cut));
    auto rest = buffer.feed(std::string_view(stream).substr(cut));
    lines.insert(lines.end(), rest.begin(), rest.end());
    // What the buffer must return: each newline-terminated piece, cut to the limit, one trailing '\r' removed.
    std::vector<std::string> expected;
    std::vector<bool> overLimit; // a line past the limit stops the worker in the window (LiveLabClient): never parsed
    int tooLong = 0;
    for (std::size_t start = 0, nl; (nl = stream.find('\n', start)) != std::string::npos; start = nl + 1) {
        std::string piece = stream.substr(start, nl - start);
        overLimit.push_back(piece.size() > limit);
        if (overLimit.back()) {
            piece.resize(limit);
            ++tooLong;
        }
        if (!piece.empty() && piece.back() == '\r')
            piece.pop_back();
        expected.push_back(std::move(piece));
    }
    fuzz::require(lines.size() == expected.size(), "one line per newline");
    fuzz::require(buffer.tooLongLines() == tooLong, "tooLongLines counts the lines past the limit",
        std::to_string(buffer.tooLongLines()) + " != " + std::to_string(tooLong));
    for (std::size_t i = 0; i < lines.size(); ++i) {
        fuzz::require(lines[i] == expected[i], "a line comes out as it went in", "line " + std::to_string(i));
        if (!overLimit[i])
            checkLine(lines[i]);
    }
    const auto remainder = buffer.takeRemainder();
    fuzz::require(remainder.size() <= limit, "the remainder is cut to the limit");
    fuzz::require(!buffer.hasPartialLine(), "takeRemainder clears the partial line");
    if (!remainder.empty() && remainder.size() < limit)
        checkLine(remainder);
    // The whole input as one line, as a reader that does not split would see it.
    checkLine(text);
    return 0;
}
