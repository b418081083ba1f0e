// SPDX-License-Identifier: MIT
// Every page in Chinese: the test shows each page of the window in zh_CN (started in Chinese, and switched to it
// at run time from English), walks every widget, menu, chart and item model on it, and fails on any text that is
// still English prose. A text is English prose when a plain lower-case English word of three letters or more is
// left after identifiers (file names, dotted fields, flags, numbers with units) and the technical terms the
// glossary keeps in English are taken out.
#include "app/gui/mainwindow.h"
#include "app/gui/navigator.h"
#include "app/gui/training/scenarioform.h"
#include "app/gui/training/trainingcontroller.h"
#include "app/gui/training/trainingstage.h"
#include "live/protocol/protocol.h"
#include "live/worker/watchdog.h"
#include "model/collectives/topology.h"
#include "model/io/atomicfile.h"
#include "model/io/jsonsafe.h"
#include "model/io/textfile.h"
#include "model/measure/calibrate.h"
#include "model/measure/measurement.h"
#include "model/measure/ncclimport.h"
#include "model/sim/scenario.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"
#include "model/teach/claim.h"
#include "model/teach/lesson.h"
#include "model/teach/question.h"
#include "model/traces/kineto.h"
#include "model/traces/traceanalysis.h"
#include "views/legend.h"
#include "views/text.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QTextEdit>
#include <QValueAxis>
#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

using namespace tutor;
using namespace tutor::app;

namespace {

/// Lower-case words that stay in English in the Chinese interface: algorithm, protocol, precision and tool
/// names the glossary keeps, and words of commands and identifiers a learner types as they are.
const std::set<QString>& keptWords()
{
    static const std::set<QString> words { "auto", "ring", "tree", "nvls", "nvlstree", "collnet", "pat", "simple",
        "sum", "prod", "min", "max", "avg", "none", "bf16", "fp16", "fp32", "fp8", "int8", "ddp", "fsdp", "gpipe",
        "interleaved", "gelu", "swiglu", "nccl", "mpirun", "commtutor", "json", "png", "svg", "gif", "mp4", "webm",
        "csv", "nccl-tests", "rank", "ranks", "offscreen", "xcb", "true", "false", "stdout", "stderr", "perf",
        "all_reduce_perf", "dat", "log", "txt", "mpi", "ucx", "tcp", "ib", "roce", "efa", "nvlink", "pcie", "sxm",
        "hgx", "dgx", "rtx", "nvl", "hbm", "tflops", "flops", "vocab", "torchtitan", "torchao", "rabenseifner",
        "hierarchical", "binomial", "pairwise", "bruck", "half", "float", "double", "trace", "algbw", "busbw", "tuner",
        "profiler", "abs",
        // Words Chinese ML engineers write in English (lesson and scenario texts use them so).
        "token", "tokens", "step", "stage", "straggler", "small", "batch", "kernel", "warmup",
        // PyTorch's term for running op by op, which Chinese texts keep in English (eager 模式).
        "eager" };
    return words;
}

/// Capitalised names that stay as they are (products, tools, people, algorithm and protocol names).
const std::set<QString>& keptNames()
{
    static const std::set<QString> names { "Ring", "Tree", "Simple", "Auto", "Adam", "Chrome", "Perfetto", "Megatron",
        "Mixtral", "Llama", "Google", "Cloud", "Mega", "High", "Ultra", "Rabenseifner", "Bruck", "Ulysses", "Kineto",
        "None", "English",
        // The primitives keep their NCCL / MPI names.
        "Broadcast", "Reduce", "Gather", "Scatter" };
    return names;
}

bool hasCjk(const QString& text)
{
    return std::any_of(
        text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff; });
}

/// The words of `text` that make it English prose (empty when it is translated).
QStringList englishWords(QString text)
{
    if (Qt::mightBeRichText(text)) {
        QTextDocument doc;
        doc.setHtml(text);
        text = doc.toPlainText();
    }
    QStringList found;
    // Identifiers are kept whole: a token with a digit, '.', '_', '-', '/', '=', '@', ':' inside, or a flag.
    static const QRegularExpression tokens(QStringLiteral("[^\\s,;()\\[\\]{}<>\"'`“”‘’（），；：。、！？…·×—–]+"));
    static const QRegularExpression word(QStringLiteral("^[a-z]{3,}$"));
    // Without any Chinese, a capitalised word is English too ("Start", "Calibrate").
    static const QRegularExpression name(QStringLiteral("^[A-Z][a-z]{2,}$"));
    const bool chinese = hasCjk(text);
    for (auto it = tokens.globalMatch(text); it.hasNext();) {
        QString token = it.next().captured();
        while (!token.isEmpty()
            && (token.back() == u':' || token.back() == u'.' || token.back() == u'!' || token.back() == u'?'))
            token.chop(1);
        if (!chinese && name.match(token).hasMatch() && !keptNames().count(token)) {
            found << token;
            continue;
        }
        if (!word.match(token).hasMatch())
            continue; // capitalised names, identifiers, numbers, Hanzi
        if (keptWords().count(token))
            continue;
        found << token;
    }
    return found;
}

struct Text {
    QString where;
    QString text;
};

void add(QList<Text>& out, const QString& where, const QString& text)
{
    if (!text.trimmed().isEmpty())
        out.push_back({ where, text });
}

QString nameOf(const QObject* o)
{
    QString name = QString::fromLatin1(o->metaObject()->className());
    if (!o->objectName().isEmpty())
        name += QLatin1Char('#') + o->objectName();
    return name;
}

void addMenu(QList<Text>& out, QMenu* menu, const QString& where)
{
    add(out, where, menu->title());
    for (QAction* a : menu->actions()) {
        if (a->isSeparator())
            continue;
        if (a->menu())
            addMenu(out, a->menu(), where + QLatin1String(" → ") + a->menu()->title());
        else if (!a->property("userText").toBool()) // recent file names are the user's own
            add(out, where + QLatin1String(" → action"), a->text());
    }
}

/// Every user-visible text in `root` and its visible descendants.
QList<Text> visibleTexts(QWidget* root)
{
    QList<Text> out;
    for (QWidget* w : root->findChildren<QWidget*>()) {
        if (!w->isVisibleTo(root) || w->property("userText").toBool())
            continue;
        const QString where = nameOf(w);
        if (auto* l = qobject_cast<QLabel*>(w))
            add(out, where, l->text());
        else if (auto* b = qobject_cast<QAbstractButton*>(w))
            add(out, where, b->text());
        else if (auto* g = qobject_cast<QGroupBox*>(w))
            add(out, where, g->title());
        else if (auto* d = qobject_cast<QDockWidget*>(w))
            add(out, where, d->windowTitle());
        else if (auto* c = qobject_cast<QComboBox*>(w)) {
            for (int i = 0; i < c->count(); ++i)
                add(out, where + QLatin1String(" item"), c->itemText(i));
        } else if (auto* t = qobject_cast<QTabBar*>(w)) {
            for (int i = 0; i < t->count(); ++i)
                add(out, where + QLatin1String(" tab"), t->tabText(i));
        } else if (auto* e = qobject_cast<QLineEdit*>(w)) {
            add(out, where + QLatin1String(" placeholder"), e->placeholderText());
        } else if (auto* e = qobject_cast<QTextEdit*>(w)) {
            add(out, where, e->toPlainText());
        } else if (auto* legend = qobject_cast<views::Legend*>(w)) {
            for (const QString& s : legend->texts())
                add(out, where, s);
        } else if (auto* chart = qobject_cast<QChartView*>(w)) {
            add(out, where + QLatin1String(" title"), chart->chart()->title());
            for (QAbstractAxis* axis : chart->chart()->axes())
                add(out, where + QLatin1String(" axis"), axis->titleText());
        } else if (auto* view = qobject_cast<QAbstractItemView*>(w); view && view->model()) {
            const QAbstractItemModel* m = view->model();
            for (int c = 0; c < m->columnCount(); ++c)
                add(out, where + QLatin1String(" header"), m->headerData(c, Qt::Horizontal).toString());
            for (int r = 0; r < std::min(m->rowCount(), 50); ++r)
                for (int c = 0; c < m->columnCount(); ++c)
                    add(out, where + QLatin1String(" cell"), m->index(r, c).data().toString());
        }
        if (!w->toolTip().isEmpty())
            add(out, where + QLatin1String(" tooltip"), w->toolTip());
    }
    return out;
}

} // namespace

class TestTranslationWalk : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setFont(QFont(QStringLiteral("WenQuanYi Micro Hei"), 10));
    }

    void detectorFindsEnglish()
    {
        // The detector itself: English prose is found, identifiers and Chinese are not.
        QCOMPARE(englishWords(QStringLiteral("phase 0 · compute")), QStringList({ "phase", "compute" }));
        QCOMPARE(englishWords(QStringLiteral("<b>Step</b> time")), QStringList({ "Step", "time" }));
        QCOMPARE(englishWords(QStringLiteral("Calibrate")), QStringList({ "Calibrate" }));
        QVERIFY(englishWords(QStringLiteral("Ring")).isEmpty());
        QVERIFY(englishWords(QStringLiteral("阶段 0 · 计算")).isEmpty());
        QVERIFY(englishWords(QStringLiteral("ddp-overlap — 通信与计算重叠的 DDP，comm.bucket_MiB = 25")).isEmpty());
        QVERIFY(englishWords(QStringLiteral("ring / Simple，256 MiB，8 ranks")).isEmpty());
    }

    // The model's problems in Chinese: the rule's wording translated, field, value and figures as written; a wording
    // the table does not know stays English rather than being mistranslated.
    void problemsInChinese()
    {
        MainWindow window(false, nullptr, QStringLiteral("zh_CN"));
        const model::Problem divide { "parallel.tp", "3", "must divide model.heads = 32", "" };
        const QString text = views::problemText(divide);
        QVERIFY2(text.startsWith(QStringLiteral("parallel.tp = 3: ")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("model.heads = 32")), qPrintable(text));
        QVERIFY2(englishWords(text).isEmpty(), qPrintable(text));
        // The worker protocol's parse errors come written out ("field = value: rule"): their rule is translated too.
        for (const char* line : { R"({"type": "measurement", "protocol": 1, "bytes": -3})", R"([1])",
                 R"({"type": "hello", "protocol": 99})", R"({"type": "progress", "protocol": 1, "in_place": 3})",
                 " " }) {
            const auto parsed = live::parseLine(line);
            QVERIFY(parsed.error);
            const QString text = views::writtenProblemText(parsed.error->message);
            const QString rule = text.section(QStringLiteral(": "), -1);
            QVERIFY2(hasCjk(rule) && englishWords(rule).isEmpty(), qPrintable(text));
        }
        // A general rule with the importer's "; row skipped" after it: both parts translated.
        const QString skipped = views::problemText({ "bytes", "0", "must be at least 1; row skipped", "log.txt:4" });
        const QString skippedRule = skipped.section(QStringLiteral(": "), -1);
        QVERIFY2(skipped.startsWith(QStringLiteral("log.txt:4: bytes = 0: ")) && englishWords(skippedRule).isEmpty()
                && skippedRule.count(QChar(0xFF1B)) == 1,
            qPrintable(skipped));
        const model::Problem unknown { "x", "1", "fits no known wording", "f.json:3" };
        QCOMPARE(views::problemText(unknown), QString::fromStdString(unknown.text()));
        // Every problem a bad scenario gets reads in Chinese.
        model::Scenario bad;
        bad.parallel.tp = 3; // does not divide the heads
        bad.batch.microBatches = 0;
        bad.comm.bucketMiB = -1;
        const model::Problems problems = model::validate(bad);
        QVERIFY2(problems.size() >= 2, qPrintable(views::problemsText(problems)));
        for (const model::Problem& p : problems)
            QVERIFY2(englishWords(views::problemText(p)).isEmpty(), qPrintable(views::problemText(p)));
        // A refusal that only simulate() gives: fp8 on a GPU without fp8 tensor cores.
        model::Scenario fp8;
        fp8.hardware.preset = "dgx-a100";
        fp8.parallel.dp = 8;
        fp8.compute.precision = model::Precision::Fp8;
        const auto refused = model::simulate(fp8);
        QVERIFY(!refused);
        const QString fp8Text = views::problemText(refused.problems().front());
        QVERIFY2(fp8Text.contains(QStringLiteral("dgx-a100")) && englishWords(fp8Text).isEmpty(), qPrintable(fp8Text));
        // Files: a folder opened as a scenario, and a measurement line that is not an object. Their field is the
        // identifier "file" or "line", kept as written like every field: the wording after it is what must be Chinese.
        const auto folder = model::loadScenario(QDir::tempPath().toStdString());
        QVERIFY(!folder);
        const auto line = model::parseMeasurementLines("[1, 2]\n", "runs.jsonl");
        QVERIFY(!line);
        // Authoring mistakes in a lesson and a question file, a measurement record, nccl-tests output (text and -J
        // JSON), a calibration without data and profiler traces: every wording the model gives for them reads in
        // Chinese.
        const auto lesson = model::parseLesson(R"({"id": "x", "extra": 1, "steps": [{"id": "a",
            "title": {"en": "t"}, "text": {"en": "t", "zh_CN": "t"}, "topics": ["no-such-topic"],
            "scene": {"kind": "collective", "time": 2}}]})",
            "x.json");
        QVERIFY(!lesson);
        const auto questions = model::parseQuestions(R"({"questions": [{"id": "q", "kind": "numeric",
            "step": "no-hash", "prompt": {"en": "p", "zh_CN": "p"}, "solution": {"en": "s", "zh_CN": "s"},
            "formula": "no_such_formula", "tolerance": 0.9, "parameters": {"n": {"min": 4, "max": 1}}}]})",
            "q.json");
        QVERIFY(!questions);
        const auto record = model::parseMeasurementLines(R"({"type": "measurement", "protocol": 2}
{"type": "measurement", "protocol": 1, "op": "allreduce", "bytes": 1024, "time_us": 1e-7, "ranks": 2, "root": 5}
)",
            "runs.jsonl");
        QVERIFY(!record);
        const std::string columns = "#       size         count      type   redop    root     time   algbw   busbw "
                                    "#wrong     time   algbw   busbw #wrong\n";
        const auto log = model::parseNcclTestsText(columns
                + "          8             2     bogus     sum      -1    10.00    0.00    0.00      0    10.13    "
                  "0.00    0.00      0\n"
                + "         16             4     float     sum      -1    -5.00    0.00    0.00      0    10.13    "
                  "0.00    0.00      0\n"
                // a size past 1 TiB: a general rule with "; row skipped" after it, translated in two parts
                + "  2251799813685248  562949953421312     float     sum      -1    10.00    0.00    0.00      0    "
                  "10.13    0.00    0.00      0\n",
            "log.txt");
        const auto json = model::parseNcclTestsJsonText(R"({"results": [{"size": -1}, {"size": 8, "count": -3},
            {"size": 8, "out_of_place": {"time": 0}}]})",
            "runs.json");
        const auto fit = model::calibrate({});
        QVERIFY(!fit);
        const auto trace = model::parseKinetoTrace("{}", "rank0.json");
        QVERIFY(!trace);
        const auto traces = model::analyzeTraces({});
        QVERIFY(!traces);
        QVERIFY2(log.warnings.size() >= 3, model::toText(log.warnings).c_str());
        QVERIFY2(json.warnings.size() >= 3, model::toText(json.warnings).c_str());
        QVERIFY2(lesson.problems().size() >= 5, model::toText(lesson.problems()).c_str());
        QVERIFY2(questions.problems().size() >= 5, model::toText(questions.problems()).c_str());
        QVERIFY2(record.problems().size() >= 3, model::toText(record.problems()).c_str());
        for (const auto* problems :
            { &folder.problems(), &line.problems(), &lesson.problems(), &questions.problems(), &record.problems(),
                &log.warnings, &json.warnings, &fit.problems(), &trace.problems(), &traces.problems() })
            for (const model::Problem& p : *problems) {
                const QString rule = views::problemText(p).section(QStringLiteral(": "), -1);
                QVERIFY2(hasCjk(rule) && englishWords(rule).isEmpty(), qPrintable(views::problemText(p)));
            }
        window.setLanguage(QStringLiteral("en"));
        QCOMPARE(views::problemText(divide), QString::fromStdString(divide.text()));
    }

    // Rules with figures or names inside the sentence, the JSON library's messages, claim syntax and the operating
    // system's errors, each written by the call that writes it for real: translated whole, parts kept as written.
    void patternedRulesInChinese()
    {
        MainWindow window(false, nullptr, QStringLiteral("zh_CN"));
        std::vector<std::string> rules;
        const auto jsonRule = [](std::string_view text, const io::JsonLimits& limits = {}) {
            const auto parsed = io::parseBounded(text, limits);
            const auto* failure = std::get_if<io::JsonFailure>(&parsed);
            return failure ? failure->rule : std::string("(parsed)");
        };
        // (Plain literals: moc reads this file, and its lexer loses its place in raw strings with one quote.)
        for (const char* text : { "x", "{x", "{\"a\" 1}", "{\"a\":1 2}", "[1 2]", "[1,", "\"ab", "-", "1.", "1e",
                 "\"\\u12\"", "\"\\x\"", "{\"a\":}", "[]]", "1e999", "\"\\uDC00\"", "\"\x01\"", "" })
            rules.push_back(jsonRule(text));
        io::JsonLimits small = io::lineLimits();
        rules.push_back(jsonRule(std::string(40, '[') + std::string(40, ']'), small));
        rules.push_back(jsonRule("\"" + std::string(small.maxString + 5, 'a') + "\"", small));
        rules.push_back(jsonRule("[" + std::string(small.maxElements + 2, ',') + "]", small));
        small.maxBytes = 4;
        rules.push_back(jsonRule("[1, 2, 3]", small));
        // A measurement line the JSON library refuses, wrapped in the reader's own rule.
        for (const char* line : { "{\"bytes\": 1e999}\n", "{\"bytes\": 1.5e-x}\n", "{\"a\" 1}\n" }) {
            const auto read = model::parseMeasurementLines(line, "runs.jsonl");
            QVERIFY(!read);
            rules.push_back(read.problems().front().rule);
        }
        for (const char* claim : { "", "1 +", "(1", "1 2", "fn(1)", "abs(1, 2)", "min 1", "{{a", "{{}}" })
            rules.push_back("is not a valid claim: " + model::claimSyntaxError(claim));
        for (const char* claim : { "{{scene.nope}} > 1", "1 / 0 > 1" })
            rules.push_back("cannot be evaluated: " + model::evaluateClaim(claim, {}).error);
        // Files: too large, missing, and a write into a missing folder.
        QTemporaryDir dir;
        const std::string big = (dir.path() + QStringLiteral("/big.json")).toStdString();
        QVERIFY(!io::writeFileAtomically(big, std::string(100, ' ')));
        for (const auto& read : { io::readTextFile(big, 10), io::readTextFile(big + ".missing") })
            rules.push_back(std::get<io::ReadFailure>(read).rule);
        rules.push_back(io::writeFileAtomically(big + ".d/x.json", "{}")->rule());
        // More ranks per node than the preset's node holds; the interleaved schedule's micro-batch rule.
        const auto eight = std::find_if(model::presets().begin(), model::presets().end(),
            [](const model::HardwarePreset& p) { return p.gpusPerNode == 8; });
        QVERIFY(eight != model::presets().end());
        model::TopologySpec spec;
        spec.preset = eight->id;
        spec.ranks = 128;
        spec.nodes = 8;
        spec.nodesHoldAtMostPreset = true;
        const auto topology = model::buildTopology(spec);
        QVERIFY(!topology);
        rules.push_back(topology.problems().front().rule);
        model::Scenario interleaved;
        interleaved.parallel.schedule = model::PipelineSchedule::Interleaved;
        interleaved.parallel.pp = 4;
        interleaved.parallel.virtualStages = 2;
        interleaved.batch.microBatches = 6;
        const model::Problems scenarioProblems = model::validate(interleaved);
        const auto multiple = std::find_if(scenarioProblems.begin(), scenarioProblems.end(),
            [](const model::Problem& p) { return p.field == "batch.micro_batches"; });
        QVERIFY2(multiple != scenarioProblems.end(), model::toText(scenarioProblems).c_str());
        rules.push_back(multiple->rule);
        for (const std::string& rule : rules) {
            const QString text = views::problemText({ "", "", rule, "" });
            QVERIFY2(text != QString::fromStdString(rule) && hasCjk(text) && englishWords(text).isEmpty(),
                qPrintable(QString::fromStdString(rule) + QStringLiteral(" → ") + text));
        }
        // The parts that vary are kept as written: the figures of the topology rule, the column of a claim.
        const QString perNode = views::problemText({ "", "", topology.problems().front().rule, "" });
        for (const QString& figure : { QStringLiteral("16"), QString::number(eight->gpusPerNode), QStringLiteral("128"),
                 QString::fromStdString(eight->id) })
            QVERIFY2(perNode.contains(figure), qPrintable(perNode));
        QVERIFY2(views::problemText({ "", "", "is not a valid claim: " + model::claimSyntaxError("1 2"), "" })
                     .contains(QStringLiteral("3")),
            "the claim's column is kept");
        // The worker's watchdog messages, as the Live lab shows an error record.
        live::Stall stall { "allreduce of 4096 B", 2.5, nullptr, {} };
        std::vector<std::string> stalls { live::stallMessage(stall, 3) };
        stall.call = "MPI_Allreduce";
        stalls.push_back(live::stallMessage(stall, 3));
        stall.peers = "rank 1, pid 4242, is stopped";
        stalls.push_back(live::stallMessage(stall, 3));
        for (const std::string& message : stalls) {
            const QString text = views::writtenProblemText(message);
            QVERIFY2(hasCjk(text) && !text.contains(QStringLiteral("progress"))
                    && !text.contains(QStringLiteral("aborted")) && text.contains(QStringLiteral("2.5"))
                    && text.contains(QStringLiteral("allreduce of 4096 B")),
                qPrintable(text));
        }
        window.setLanguage(QStringLiteral("en"));
        for (const std::string& rule : rules)
            QCOMPARE(views::problemText({ "", "", rule, "" }), QString::fromStdString(rule));
    }

    // Every problem the readers give for the fuzz seeds and regressions (real bad input of every kind) reads in
    // Chinese. TUTOR_PROBLEM_CORPUS=<folder of <target>/ folders> walks another corpus (a grown one) the same way.
    void corpusProblemsInChinese()
    {
        MainWindow window(false, nullptr, QStringLiteral("zh_CN"));
        const QString source = qEnvironmentVariable("TUTOR_SOURCE_DIR");
        QStringList roots { source + QStringLiteral("/tests/fuzz/corpus"),
            source + QStringLiteral("/tests/fuzz/regressions") };
        if (const QString extra = qEnvironmentVariable("TUTOR_PROBLEM_CORPUS"); !extra.isEmpty())
            roots = QStringList { extra };
        // Quoted input ("metric", 'x', a record's line after "："), the keys a file may hold, nccl-tests' column names,
        // a field (first, or before " = ") with its value and a formula's names (4·hidden) are kept as written; the
        // rest must be Chinese.
        const auto readsInChinese = [](QString text) {
            static const QRegularExpression kept(QStringLiteral(
                "^[^ ]+(?=: | = )|(?<= = )[^:]*(?=: "
                ")|：\".*$|以下之一：.*$|\\b(size|count|type|redop|root|time|algbw|busbw|wrong)\\b|[\\w.]+"
                "(?= = )|\"[^\"]*\"|'[^']*'|\\d·\\w+"));
            text.remove(kept);
            return hasCjk(text) && englishWords(text).isEmpty();
        };
        std::map<QString, QString> untranslated; // rule → its display text
        int problems = 0;
        int files = 0;
        const auto check = [&](const model::Problems& found) {
            for (const model::Problem& p : found) {
                ++problems;
                const QString text = views::problemText({ "", "", p.rule, "" });
                if (!readsInChinese(text))
                    untranslated.emplace(QString::fromStdString(p.rule), text);
            }
        };
        for (const QString& root : roots) {
            const auto each = [&](const char* target, const auto& read) {
                const QDir dir(root + QLatin1Char('/') + QLatin1String(target));
                for (const QString& name : dir.entryList(QDir::Files)) {
                    QFile file(dir.filePath(name));
                    if (!file.open(QIODevice::ReadOnly))
                        continue; // a grown corpus that its fuzzer is reducing
                    ++files;
                    const QByteArray bytes = file.readAll();
                    read(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
                }
            };
            each("scenario", [&](std::string_view text) {
                const auto scenario = model::parseScenario(text, "s.json");
                check(scenario ? model::validate(*scenario) : scenario.problems());
            });
            each("lesson",
                [&](std::string_view text) { check(model::parseLesson(std::string(text), "l.json").problems()); });
            each("questions",
                [&](std::string_view text) { check(model::parseQuestions(std::string(text), "q.json").problems()); });
            each("measurements",
                [&](std::string_view text) { check(model::parseMeasurementLines(text, "m.jsonl").problems()); });
            each("nccl_text", [&](std::string_view text) { check(model::parseNcclTestsText(text, "t.log").warnings); });
            each("nccl_json",
                [&](std::string_view text) { check(model::parseNcclTestsJsonText(text, "t.json").warnings); });
            each("kineto", [&](std::string_view text) {
                const auto trace = model::parseKinetoTrace(text, "k.json");
                check(trace ? trace->warnings : trace.problems());
            });
            each("protocol", [&](std::string_view text) {
                for (std::size_t start = 0, nl; start < text.size(); start = nl + 1) {
                    nl = std::min(text.find('\n', start), text.size());
                    const auto parsed = live::parseLine(text.substr(start, nl - start));
                    if (parsed.error) {
                        ++problems;
                        const QString shown = views::writtenProblemText(parsed.error->message);
                        if (!readsInChinese(shown))
                            untranslated.emplace(QString::fromStdString(parsed.error->message), shown);
                    }
                }
            });
        }
        QStringList report;
        for (const auto& [rule, text] : untranslated)
            report << rule + QStringLiteral("\n    → ") + text;
        QVERIFY2(
            files > 50 && problems > 50, qPrintable(QStringLiteral("%1 files, %2 problems").arg(files).arg(problems)));
        if (!untranslated.empty())
            qWarning().noquote() << report.join(QLatin1Char('\n'));
        QVERIFY2(untranslated.empty(), qPrintable(QString::number(untranslated.size()) + QStringLiteral(" rules")));
    }

    void everyPageInChinese_data()
    {
        QTest::addColumn<bool>("switchAtRunTime");
        QTest::newRow("started in zh_CN") << false;
        QTest::newRow("switched from en at run time") << true;
    }

    void everyPageInChinese()
    {
        QFETCH(bool, switchAtRunTime);
        MainWindow window(false, nullptr, switchAtRunTime ? QStringLiteral("en") : QStringLiteral("zh_CN"));
        window.resize(1600, 1000);
        window.show();
        if (switchAtRunTime) {
            // Visit every page in English first, so that each has English text to replace.
            for (int page = 0; page < Navigator::PageCount; ++page) {
                window.showPage(Navigator::Page(page));
                QCoreApplication::processEvents();
            }
            window.trainingStage()->controller()->waitForIdle();
            QVERIFY(window.setLanguage(QStringLiteral("zh_CN")));
        }
        QStringList leaks;
        for (int page = 0; page < Navigator::PageCount; ++page) {
            window.showPage(Navigator::Page(page));
            window.trainingStage()->controller()->waitForIdle();
            QCoreApplication::processEvents();
            QList<Text> texts = visibleTexts(&window);
            for (QAction* a : window.menuBar()->actions())
                if (a->menu())
                    addMenu(texts, a->menu(), a->menu()->title());
            for (const Text& t : texts) {
                const QStringList words = englishWords(t.text);
                if (!words.isEmpty())
                    leaks << QStringLiteral("%1 | %2 | %3 | %4")
                                 .arg(Navigator::title(Navigator::Page(page)), t.where, words.join(QLatin1Char(' ')),
                                     t.text.simplified());
            }
        }
        leaks.removeDuplicates();
        for (const QString& leak : leaks) // QVERIFY2 cuts long messages: every leak is listed here
            std::fprintf(stderr, "untranslated: %s\n", qPrintable(leak));
        QVERIFY2(leaks.isEmpty(), qPrintable(QStringLiteral("%1 untranslated texts (listed above)").arg(leaks.size())));
    }
};

QTEST_MAIN(TestTranslationWalk)
#include "tst_translationwalk.moc"
