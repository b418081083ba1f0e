// SPDX-License-Identifier: MIT
// Hostile input at every parser of the core: deep nesting, numbers no double holds, wrong JSON types, invalid
// UTF-8, values outside every type's range, files that never end. Each case checks the named rule (field, value,
// rule) and, where a figure comes out, that it equals the figure of the same input without the poison.
#include "live/protocol/protocol.h"
#include "model/collectives/document.h"
#include "model/io/jsonsafe.h"
#include "model/io/numbers.h"
#include "model/io/textfile.h"
#include "model/measure/calibrate.h"
#include "model/measure/measurement.h"
#include "model/measure/ncclimport.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"
#include "model/teach/question.h"

#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

using namespace tutor;
using namespace tutor::model;
using nlohmann::json;

namespace {

std::string sourceDir()
{
    return qEnvironmentVariable("TUTOR_SOURCE_DIR").toStdString();
}

std::string nested(int depth)
{
    return std::string(static_cast<std::size_t>(depth), '[') + std::string(static_cast<std::size_t>(depth), ']');
}

bool mentions(const Problems& problems, const std::string& field, const std::string& rulePart)
{
    for (const auto& p : problems)
        if (p.field.find(field) != std::string::npos && p.rule.find(rulePart) != std::string::npos)
            return true;
    return false;
}

std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

class TestHostileInput : public QObject {
    Q_OBJECT

private slots:
    // --- io: the bounded parser and safe output
    void nestingIsBoundedAtTheLimit()
    {
        const io::JsonLimits limits;
        QVERIFY(std::holds_alternative<json>(io::parseBounded(nested(limits.maxDepth), limits)));
        const auto deeper = io::parseBounded(nested(limits.maxDepth + 1), limits);
        const auto* failure = std::get_if<io::JsonFailure>(&deeper);
        QVERIFY(failure);
        QVERIFY(failure->rule.find("nesting deeper than " + std::to_string(limits.maxDepth)) != std::string::npos);
        // The 65th '[' is where it is found: byte 64, column 65.
        QCOMPARE(failure->byte, static_cast<std::size_t>(limits.maxDepth));
        QCOMPARE(failure->column, limits.maxDepth + 1);
        // 55,000 levels (a 110 KB file) end the same way, without touching the stack.
        QVERIFY(std::holds_alternative<io::JsonFailure>(io::parseBounded(nested(55'000))));
        // Brackets inside strings are text, not nesting.
        const std::string quoted = "{\"a\":\"" + std::string(1000, '[') + "\"}";
        QVERIFY(std::holds_alternative<json>(io::parseBounded(quoted)));
    }

    void libraryExceptionsBecomeRules()
    {
        for (const char* text : { "{\"name\":1e999}", "[-1e400]", "{\"a\":\"\xff\"}", "{\"a\":", "" }) {
            const auto parsed = io::parseBounded(text);
            const auto* failure = std::get_if<io::JsonFailure>(&parsed);
            QVERIFY2(failure, text);
            QVERIFY2(failure->rule.starts_with("malformed JSON"), failure->rule.c_str());
        }
        const auto overflow = io::parseBounded("{\"name\":1e999}");
        QVERIFY(std::get<io::JsonFailure>(overflow).rule.find("1e999") != std::string::npos);
    }

    void sizesStringsAndCountsAreBounded()
    {
        io::JsonLimits limits;
        limits.maxString = 10;
        limits.maxElements = 5;
        limits.maxBytes = 100;
        QVERIFY(std::holds_alternative<json>(io::parseBounded("[\"0123456789\"]", limits)));
        QVERIFY(std::holds_alternative<io::JsonFailure>(io::parseBounded("[\"01234567890\"]", limits)));
        QVERIFY(std::holds_alternative<json>(io::parseBounded("[1,2,3,4,5]", limits)));
        QVERIFY(std::holds_alternative<io::JsonFailure>(io::parseBounded("[1,2,3,4,5,6]", limits)));
        QVERIFY(std::holds_alternative<io::JsonFailure>(io::parseBounded(std::string(101, ' '), limits)));
    }

    void outputIsValidUtf8AndNeverThrows()
    {
        const json bad = std::string("op\xff\xc0\x80\xed\xa0\x80 中文");
        const std::string text = io::dumpText(bad);
        QVERIFY(io::validUtf8(text));
        // Three invalid sequences (0xff; the overlong C0 80 as two; the surrogate ED A0 80 as three): 6 × U+FFFD.
        std::size_t replacements = 0;
        for (std::size_t at = text.find("\xEF\xBF\xBD"); at != std::string::npos;
             at = text.find("\xEF\xBF\xBD", at + 1))
            ++replacements;
        QCOMPARE(replacements, std::size_t { 6 });
        QVERIFY(text.find("中文") != std::string::npos);
        QCOMPARE(io::withValidUtf8("中文 ok"), std::string("中文 ok"));
        QVERIFY(!io::validUtf8("\xf4\x90\x80\x80")); // past U+10FFFF
        // The parsed document round-trips through the safe writer.
        QCOMPARE(json::parse(io::dumpText(bad)).get<std::string>(), io::withValidUtf8(bad.get<std::string>()));
    }

    void shownValuesAreShortAndShallow()
    {
        json deep = json::array();
        json* at = &deep;
        for (int i = 0; i < 2000; ++i) {
            at->push_back(json::array());
            at = &(*at)[0];
        }
        QCOMPARE(io::depthOf(deep), 2001);
        const std::string shown = io::shown(deep, 60);
        QVERIFY(shown.find("[…]") != std::string::npos);
        QCOMPARE(io::dumpText(deep), std::string("null"));
        const std::string longText = io::shown(json(std::string(500, 'x')), 40);
        QVERIFY(longText.ends_with("…"));
        QCOMPARE(longText.size(), std::string("…").size() + 40);
    }

    void numbersAreCheckedBeforeTheCast()
    {
        QCOMPARE(io::wholeAs<int>(2147483647.0), std::optional<int>(2147483647));
        QCOMPARE(io::wholeAs<int>(2147483648.0), std::optional<int>());
        QCOMPARE(io::wholeAs<int>(-2147483648.0), std::optional<int>(std::numeric_limits<int>::min()));
        QCOMPARE(io::wholeAs<std::int64_t>(0x1p63), std::optional<std::int64_t>());
        QCOMPARE(io::wholeAs<std::int64_t>(0x1p62), std::optional<std::int64_t>(std::int64_t { 1 } << 62));
        QCOMPARE(io::wholeAs<int>(1e300), std::optional<int>());
        QCOMPARE(io::wholeAs<int>(std::nan("")), std::optional<int>());
        QCOMPARE(io::wholeAs<int>(1.5), std::optional<int>());
        QCOMPARE(io::integerAs<int>(json(std::int64_t { 1 } << 40)), std::optional<int>());
        QCOMPARE(io::integerAs<std::int64_t>(json(std::numeric_limits<std::uint64_t>::max())),
            std::optional<std::int64_t>());
        QCOMPARE(io::integerAs<int>(json(-1)), std::optional<int>(-1));
        QCOMPARE(io::integerAs<unsigned>(json(-1)), std::optional<unsigned>());
    }

    void filesThatNeverEndAreRefused()
    {
        const auto zero = io::readTextFile("/dev/zero");
        QVERIFY(std::holds_alternative<io::ReadFailure>(zero));
        QCOMPARE(std::get<io::ReadFailure>(zero).rule, std::string("is not a regular file"));
        QTemporaryDir dir;
        const auto folder = io::readTextFile(dir.path().toStdString());
        QCOMPARE(std::get<io::ReadFailure>(folder).rule, std::string("is a folder, not a file"));
        const std::string path = dir.filePath("big.json").toStdString();
        std::ofstream(path) << std::string(2048, ' ');
        QVERIFY(std::holds_alternative<io::ReadFailure>(io::readTextFile(path, 1024)));
        QCOMPARE(std::get<std::string>(io::readTextFile(path, 4096)).size(), std::size_t { 2048 });
        const auto missing = loadScenario(dir.filePath("missing.json").toStdString());
        QVERIFY(!missing.ok());
        QVERIFY(missing.problems().front().rule.find("No such file") != std::string::npos);
    }

    // --- scenarios
    void scenarioDeepNestingIsANamedProblem()
    {
        const auto scenario = parseScenario(nested(55'000), "deep.json");
        QVERIFY(!scenario.ok());
        QCOMPARE(scenario.problems().front().where, std::string("deep.json:1:65"));
        const auto overflow = parseScenario("{\"name\":1e999}", "big.json");
        QVERIFY(!overflow.ok());
        QVERIFY(overflow.problems().front().rule.find("number overflow") != std::string::npos);
    }

    void scenarioFiguresStayFinite()
    {
        auto base = loadJsonFile(sourceDir() + "/assets/scenarios/default.json");
        QVERIFY(base.ok());
        json doc = base.value();
        doc["hardware"]["peak_TFLOPs"] = 1e-320;
        const auto tiny = scenarioFromJson(doc, "tiny.json");
        QVERIFY(!tiny.ok());
        QVERIFY(mentions(tiny.problems(), "hardware.peak_TFLOPs", "at least 0.001"));
        // At the bound the scenario simulates to finite figures, slower than the preset by the peak ratio.
        doc["hardware"]["peak_TFLOPs"] = 1e-3;
        const auto slow = scenarioFromJson(doc, "slow.json");
        QVERIFY(slow.ok());
        const auto metrics = simulateMetrics(*slow);
        QVERIFY(metrics.ok());
        QVERIFY(std::isfinite(metrics->stepSeconds) && std::isfinite(metrics->mfu));
        QVERIFY(metrics->stepSeconds > 1.0);
        doc["comm"]["bucket_MiB"] = 1e-320;
        QVERIFY(mentions(scenarioFromJson(doc, "b.json").problems(), "comm.bucket_MiB", "at least 0.001"));
    }

    // --- measurements (JSON Lines)
    void measurementWrongTypesAreNamed()
    {
        const std::string good
            = "{\"type\":\"measurement\",\"protocol\":1,\"op\":\"allreduce\",\"bytes\":1048576,"
              "\"count\":262144,\"dtype\":\"float\",\"ranks\":8,\"in_place\":false,\"time_us\":50.0}";
        QVERIFY(parseMeasurementLines(good, "m.jsonl").ok());
        const std::pair<std::string, std::string> cases[] = {
            { "\"protocol\":1", "\"protocol\":\"1\"" },
            { "\"in_place\":false", "\"in_place\":1" },
            { "\"ranks\":8", "\"ranks\":1e300" },
            { "\"ranks\":8", "\"ranks\":1099511627776" },
            { "\"time_us\":50.0", "\"time_us\":1e-320" },
            { "\"time_us\":50.0", "\"time_us\":0" },
            { "\"bytes\":1048576", "\"bytes\":4611686018427387904" },
            { "\"count\":262144", "\"count\":\"abc\"" },
            { "\"ranks\":8", "\"ranks\":8,\"root\":8" },
            { "\"ranks\":8", "\"ranks\":8,\"algbw_GBps\":-5" },
        };
        for (const auto& [from, to] : cases) {
            std::string line = good;
            line.replace(line.find(from), from.size(), to);
            const auto parsed = parseMeasurementLines(line, "m.jsonl");
            QVERIFY2(!parsed.ok(), line.c_str());
            const auto& p = parsed.problems().front();
            QVERIFY2(!p.field.empty() && !p.rule.empty() && p.where == "m.jsonl:1", p.text().c_str());
        }
        QVERIFY(!parseMeasurementLines(nested(55'000), "deep.jsonl").ok());
    }

    // --- nccl-tests import
    void poisonedRowsNeverReachAFit()
    {
        const std::string path = sourceDir() + "/tests/data/nccl-tests/aws-p4d-a100-2x8-allreduce.txt";
        const std::string clean = readAll(path);
        const ImportResult before = parseNcclTestsText(clean, "aws-p4d-a100-2x8-allreduce.txt");
        QCOMPARE(before.runs.size(), std::size_t { 1 });
        const auto fitBefore = calibrate(knownMeasurements(before));
        QVERIFY2(fitBefore.ok(), toText(fitBefore.problems()).c_str());
        // Rows whose times are 1e-320 µs (0 in seconds) and 1e-300 µs, one with a negative bandwidth, and sizes of
        // 2^62 and 2^63 bytes (past int64), inserted after the first data row.
        std::string poisoned = clean;
        const std::size_t firstRow = poisoned.find("           8             2   float");
        QVERIFY(firstRow != std::string::npos);
        const std::size_t afterRow = poisoned.find('\n', firstRow) + 1;
        poisoned.insert(afterRow,
            "          12             3   float     sum  1e-320    0.00    0.00  1e-07  1e-320    0.00    0.00  1e-07\n"
            "          24             6   float     sum    175.0   -5.00    0.00  1e-07   175.0    0.00    0.00  "
            "1e-07\n"
            "          40            10   float     sum  1e-300    0.00    0.00  1e-07  1e-300    0.00    0.00  1e-07\n"
            "9223372036854775808 2305843009213693952 float sum 175.0 0.00 0.00 1e-07 175.0 0.00 0.00 1e-07\n"
            "4611686018427387904 1152921504606846976 float sum 175.0 0.00 0.00 1e-07 175.0 0.00 0.00 1e-07\n");
        const ImportResult after = parseNcclTestsText(poisoned, "aws-p4d-a100-2x8-allreduce.txt");
        QCOMPARE(after.runs.size(), std::size_t { 1 });
        QCOMPARE(after.runs[0].rows, before.runs[0].rows);
        QVERIFY2(mentions(after.warnings, "time_us", "0.001 µs"), toText(after.warnings).c_str());
        QVERIFY(mentions(after.warnings, "algbw", "≥ 0"));
        QVERIFY(mentions(after.warnings, "time", "must be > 0"));
        QVERIFY(mentions(after.warnings, "size", "1 TiB"));
        QCOMPARE(after.warnings.size(), std::size_t { 6 });
        const auto fitAfter = calibrate(knownMeasurements(after));
        QVERIFY(fitAfter.ok());
        QCOMPARE(fitAfter->fit.busBandwidthGBps, fitBefore->fit.busBandwidthGBps);
    }

    void jsonImportWrongTypesAndRanges()
    {
        const std::string path = sourceDir() + "/tests/data/nccl-tests/made-json-v3-allreduce-2proc-g2.json";
        auto doc = loadJsonFile(path);
        QVERIFY(doc.ok());
        const ImportResult clean = parseNcclTestsJsonText(readAll(path), "ar.json");
        QCOMPARE(clean.runs.size(), std::size_t { 1 });
        const std::size_t rows = clean.runs[0].rows.size();
        json bad = doc.value();
        bad["results"][0]["count"] = "abc";
        bad["results"][1]["size"] = 9.2233720368547758e18;
        bad["results"][2]["root"] = 1e300;
        bad["results"][2]["actual_iterations"] = 1e300;
        const ImportResult read = parseNcclTestsJsonText(bad.dump(), "ar.json");
        QVERIFY(mentions(read.warnings, "results[0].count", "whole element count"));
        QVERIFY(mentions(read.warnings, "results[1].size", "1 TiB"));
        QVERIFY(mentions(read.warnings, "results[2].root", "whole number"));
        QCOMPARE(read.runs.size(), std::size_t { 1 });
        // Results 0 and 1 skipped; result 2's halves dropped by the measurement rules (root 1e300).
        const std::size_t perResult = rows / bad["results"].size();
        QCOMPARE(read.runs[0].rows.size(), rows - 3 * perResult);
        const ImportResult deep = parseNcclTestsJsonText("{\"results\":" + nested(55'000) + "}", "deep.json");
        QVERIFY(deep.runs.empty());
        QVERIFY(mentions(deep.warnings, "json", "nesting deeper"));
    }

    // --- the worker protocol
    void protocolIntegersAreCheckedBeforeNarrowing()
    {
        const std::string base
            = "{\"type\":\"measurement\",\"protocol\":1,\"op\":\"allreduce\",\"bytes\":1024,\"count\":256,"
              "\"dtype\":\"float\",\"ranks\":RANKS,\"in_place\":false,\"time_us\":TIME,\"algbw_GBps\":1,"
              "\"busbw_GBps\":1,\"wrong\":0}";
        const auto with = [&](const std::string& ranks, const std::string& time) {
            std::string line = base;
            line.replace(line.find("RANKS"), 5, ranks);
            line.replace(line.find("TIME"), 4, time);
            return live::parseLine(line);
        };
        QVERIFY(with("8", "10").ok());
        const auto huge = with("1099511627776", "10");
        QVERIFY(!huge.ok());
        QVERIFY(huge.error->message.find("measurement.ranks = 1099511627776: must be at most 2147483647")
            != std::string::npos);
        const auto zero = with("8", "0");
        QVERIFY(!zero.ok());
        QVERIFY(zero.error->message.find("time_us = 0: must be > 0") != std::string::npos);
        const auto deep = live::parseLine(nested(55'000));
        QVERIFY(!deep.ok());
        QCOMPARE(deep.error->kind, live::ParseError::Kind::Malformed);
        QVERIFY(deep.error->message.find("nesting") != std::string::npos);
        const auto text = live::parseLine("{\"type\":\"measurement\",\"protocol\":\"1\"}");
        QVERIFY(!text.ok());
        QCOMPARE(text.error->kind, live::ParseError::Kind::VersionMismatch);
    }

    void protocolEncodesValidUtf8()
    {
        live::ErrorRecord error;
        error.call = "args";
        error.message = "--op = \xff: unknown collective";
        const std::string line = live::encode(error);
        QVERIFY(io::validUtf8(line));
        const auto back = live::parseLine(line);
        QVERIFY(back.ok());
        QCOMPARE(std::get<live::ErrorRecord>(*back.record).message, io::withValidUtf8(error.message));
    }

    // --- question banks
    void questionRangesEndWhateverTheirValues()
    {
        auto file = loadJsonFile(sourceDir() + "/lessons/questions/numeric.json");
        QVERIFY(file.ok());
        const json question = file.value()["questions"][0];
        QVERIFY(question["parameters"].contains("n"));
        const auto bank = [&](const json& range) {
            json q = question;
            q["parameters"]["n"] = range;
            return json { { "questions", json::array({ q }) } }.dump();
        };
        // 1e17 + 1 == 1e17 in a double: a loop that adds the step would never end.
        const auto stuck = parseQuestions(bank({ { "min", 1e17 }, { "max", 1e17 }, { "step", 1 } }), "q.json");
        QVERIFY(!stuck.ok());
        QVERIFY(mentions(stuck.problems(), "parameters.n", "precision"));
        const auto fine = parseQuestions(bank({ { "min", 2 }, { "max", 8 }, { "step", 2 } }), "q.json");
        QVERIFY2(fine.ok(), fine.ok() ? "" : toText(fine.problems()).c_str());
        const auto& parameters = fine->front().parameters;
        const auto n = std::find_if(parameters.begin(), parameters.end(), [](const auto& p) { return p.name == "n"; });
        QVERIFY(n != parameters.end());
        QCOMPARE(n->values, (std::vector<double> { 2, 4, 6, 8 }));
        QVERIFY(!parseQuestions(nested(55'000), "deep.json").ok());
    }
};

QTEST_GUILESS_MAIN(TestHostileInput)
#include "tst_hostileinput.moc"
