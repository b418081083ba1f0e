// SPDX-License-Identifier: MIT
// commtutor-live's text and -J output against real nccl-tests output: the same header lines in the same order,
// the same column layout (13 columns, fixed widths), the same footer; and both read back by the importer.
// Reference logs: tests/data/nccl-tests/ (sources in its README.md).
#include "live/worker/nccltestsjson.h"
#include "live/worker/options.h"
#include "live/worker/output.h"
#include "live/worker/sweep.h"
#include "model/measure/ncclimport.h"

#include <QFile>
#include <QtTest>
#include <cstdio>

using namespace tutor;
using namespace tutor::live;

namespace {

QString dataFile(const QString& file)
{
    return qEnvironmentVariable("TUTOR_SOURCE_DIR") + "/tests/data/nccl-tests/" + file;
}

QStringList readLines(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll()).split('\n');
}

/// What a line of nccl-tests' output is, by its leading words (layout only, not values).
QString kind(const QString& line)
{
    const QString t = line.trimmed();
    const auto w = t.mid(t.startsWith('#') ? 1 : 0).split(' ', Qt::SkipEmptyParts);
    if (!t.startsWith('#'))
        return t.isEmpty() ? QString() : (w.size() >= 2 && w[0].toLongLong() >= 0 && w[0][0].isDigit() ? "row" : "");
    if (w.isEmpty())
        return "#";
    if (w[0] == "nccl-tests" || w[0] == "commtutor-live")
        return "version";
    if (w.size() >= 3 && w[0] == "Collective" && w[2] == "starting:")
        return "starting";
    if (w[0] == "nThread")
        return "params";
    if (w[0] == "Using")
        return "using devices";
    if (w[0] == "Rank")
        return "rank";
    if (w[0] == "out-of-place")
        return "header 1";
    if (w[0] == "size")
        return "header 2";
    if (w[0] == "(B)")
        return "header 3";
    if (w[0] == "Out")
        return "out of bounds";
    if (w[0] == "Avg")
        return "avg bus bandwidth";
    if (w.size() >= 3 && w[0] == "Collective" && w[2] == "concluded:")
        return "concluded";
    return "";
}

/// The kinds of a file's lines in order, repeats collapsed, lines of no kind (source notes, INFO) dropped.
QStringList kinds(const QStringList& lines, const QStringList& only = {})
{
    QStringList out;
    for (const auto& l : lines) {
        const QString k = kind(l);
        if (k.isEmpty() || (!only.isEmpty() && !only.contains(k)))
            continue;
        if (out.isEmpty() || out.back() != k)
            out << k;
    }
    return out;
}

/// Where each whitespace-separated field of a row ends: nccl-tests' columns are right-aligned, fixed width.
QList<int> fieldEnds(const QString& row)
{
    QList<int> ends;
    for (int i = 0; i < row.size(); ++i)
        if (!row[i].isSpace() && (i + 1 == row.size() || row[i + 1].isSpace()))
            ends << i + 1;
    return ends;
}

HelloRecord helloOf(int ranks, bool gpus)
{
    HelloRecord h;
    h.backend = gpus ? "nccl" : "mpi";
    h.versions = { { "commtutor-live", "0.1.0" }, { "nccl", "2.28.9" } };
    h.ranks = ranks;
    for (int r = 0; r < ranks; ++r)
        h.devices.push_back(
            { r, "node001", gpus ? r : -1, gpus ? "NVIDIA H100 80GB HBM3" : "cpu", 4242, gpus ? "0000:1b:00" : "" });
    h.hosts = { "node001" };
    return h;
}

/// The worker's output for `op` over sizes 1 KiB .. 1 MiB ×4 at `ranks` ranks, made by the worker's own
/// output classes from records as the sweep makes them.
template <class Out> std::string render(Out& out, const Options& o, int ranks, bool inPlace)
{
    out.hello(helloOf(ranks, true), o);
    DoneRecord done;
    double sum = 0;
    for (model::Bytes size = 1024; size <= model::MiB; size *= 4) {
        const Layout l = layoutFor(o.op, size / 4, ranks);
        Row row;
        for (int pass = 0; pass < (inPlace ? 2 : 1); ++pass) {
            MeasurementRecord m;
            m.op = std::string(opName(o.op));
            m.bytes = l.count * 4;
            m.count = l.count;
            m.dtype = "float";
            m.ranks = ranks;
            m.root = isRooted(o.op) ? 0 : -1;
            m.redop = reduces(o.op) || o.op == Op::SendRecv ? "sum" : "none";
            m.inPlace = pass == 1;
            m.timeUs = 10 + static_cast<double>(m.bytes) / 1e4;
            m.algBwGBps = static_cast<double>(m.bytes) / m.timeUs / 1e3;
            m.busBwGBps = m.algBwGBps * busFactor(o.op, ranks);
            m.iterations = o.iterations;
            sum += m.busBwGBps;
            ++done.measurements;
            const auto summary
                = iterationSummary(std::vector<double>(static_cast<std::size_t>(o.iterations), m.timeUs * 1e-6));
            if (pass == 0) {
                row.outOfPlace = m;
                row.outOfPlaceIterations = summary;
            } else {
                row.inPlace = m;
                row.inPlaceIterations = summary;
            }
        }
        out.row(row);
    }
    done.avgBusBwGBps = sum / done.measurements;
    out.done(done);
    return {};
}

QStringList tableOf(const Options& o, int ranks, bool inPlace = true)
{
    std::FILE* f = std::tmpfile();
    TableOutput table(f, true);
    render(table, o, ranks, inPlace);
    std::rewind(f);
    std::string text;
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;)
        text.append(buf, n);
    std::fclose(f);
    return QString::fromStdString(text).split('\n');
}

Options optionsFor(Op op)
{
    Options o;
    o.op = op;
    o.minBytes = 1024;
    o.maxBytes = model::MiB;
    o.stepFactor = 4;
    return o;
}

} // namespace

Q_DECLARE_METATYPE(tutor::live::Op)

class TestWorkerTable : public QObject {
    Q_OBJECT
private slots:
    void sameLinesAsNcclTests_data()
    {
        QTest::addColumn<QString>("reference");
        QTest::addColumn<Op>("op");
        QTest::addColumn<int>("ranks");
        // 2.18.3 with its complete header and footer (device lines cut by the source).
        QTest::newRow("reducescatter, 2.18.3, 4 GPUs")
            << "h100-nvswitch-slice-1x4-reducescatter.txt" << Op::ReduceScatter << 4;
        // Device lines, per-rank counts, redop "none" (footer cut by the source).
        QTest::newRow("alltoall, 2 GPUs") << "rtx2080ti-pcie-nop2p-1x2-alltoall.txt" << Op::AllToAll << 2;
        QTest::newRow("broadcast, root 0") << "rtx2080ti-pcie-nop2p-1x2-broadcast.txt" << Op::Broadcast << 2;
        QTest::newRow("allreduce, 16 ranks, 2.22.3")
            << "aws-p5-h100-2x8-allreduce-nccl2.22.3.txt" << Op::AllReduce << 16;
        QTest::newRow("allgather, -S 1, 2.19.6") << "made-2.19.6-allgather-timestamps-S1.txt" << Op::AllGather << 8;
    }
    void sameLinesAsNcclTests()
    {
        QFETCH(QString, reference);
        QFETCH(Op, op);
        QFETCH(int, ranks);
        const QStringList real = readLines(dataFile(reference));
        QVERIFY2(!real.isEmpty(), qPrintable(reference));
        const QStringList ours = tableOf(optionsFor(op), ranks);

        // Header and footer lines in nccl-tests' order (the kinds the reference has; sources cut some).
        QStringList realKinds = kinds(real);
        QStringList ourKinds = kinds(ours, realKinds);
        for (auto* list : { &realKinds, &ourKinds })
            while (!list->isEmpty() && list->back() == "#")
                list->removeLast(); // sources often cut the closing "#"
        QCOMPARE(ourKinds, realKinds);
        for (const QString k :
            { "params", "header 1", "header 2", "header 3", "row", "out of bounds", "avg bus bandwidth", "concluded" })
            QVERIFY2(kinds(ours).contains(k), qPrintable(k)); // ours always has the full set

        // The column headings word for word.
        auto lineOf = [](const QStringList& lines, const QString& k) {
            for (const auto& l : lines)
                if (kind(l) == k)
                    return l.simplified();
            return QString();
        };
        QCOMPARE(lineOf(ours, "header 2").remove(" timestamp"), lineOf(real, "header 2").remove(" timestamp"));
        QCOMPARE(lineOf(ours, "header 3"), lineOf(real, "header 3").remove(QStringLiteral(" %Y-%m-%d %H:%M:%S")));
        // The params line's keys in order (nccl-tests ≥ 2.18 add "unalign:").
        auto keys = [](const QString& line) {
            QStringList k;
            for (const auto& w : line.split(' ', Qt::SkipEmptyParts))
                if (!w[0].isDigit())
                    k << w;
            return k;
        };
        const QStringList realKeys = keys(lineOf(real, "params"));
        QCOMPARE(keys(lineOf(ours, "params")).mid(0, realKeys.size()), realKeys);

        // Rows: 13 fields ending at the same columns as the reference's rows of the same size (all 13 against
        // nccl-tests ≥ 2.18, which widened #wrong to 6 and added "unalign:"; the first 8 against older ones).
        const int compared = lineOf(real, "params").contains(QStringLiteral("unalign:")) ? 13 : 8;
        for (const auto& row : ours) {
            if (kind(row) != "row")
                continue;
            const auto words = row.split(' ', Qt::SkipEmptyParts);
            QCOMPARE(words.size(), 13);
            for (const auto& theirs : real) {
                if (kind(theirs) != "row" || theirs.split(' ', Qt::SkipEmptyParts).value(0) != words[0])
                    continue;
                QCOMPARE(fieldEnds(row).mid(0, compared), fieldEnds(theirs).mid(0, compared));
                break;
            }
        }
        // Device lines: the same words in the same places ("#  Rank N Group G Pid P on HOST device D [BUS] NAME").
        for (const auto& l : ours)
            if (kind(l) == "rank") {
                const auto w = l.split(' ', Qt::SkipEmptyParts);
                QCOMPARE(w.mid(0, 2), (QStringList { "#", "Rank" }));
                QCOMPARE(w[3], QStringLiteral("Group"));
                QCOMPARE(w[5], QStringLiteral("Pid"));
                QCOMPARE(w[7], QStringLiteral("on"));
                QCOMPARE(w[9], QStringLiteral("device"));
                QVERIFY(w[11].startsWith('[') && w[11].endsWith(']'));
            }
        // Footer words.
        QCOMPARE(lineOf(ours, "out of bounds"), QStringLiteral("# Out of bounds values : 0 OK"));
        QVERIFY(lineOf(ours, "avg bus bandwidth").startsWith(QStringLiteral("# Avg bus bandwidth : ")));
        QCOMPARE(lineOf(ours, "concluded"),
            QStringLiteral("# Collective test concluded: %1_perf").arg(QLatin1String(ncclTestsName(op).data())));
    }

    void countColumnIsPerRank_data()
    {
        QTest::addColumn<Op>("op");
        QTest::addColumn<int>("divisor");
        // nccl-tests getCollByteCount: paramcount is count / nranks for these three, count otherwise.
        QTest::newRow("allgather") << Op::AllGather << 4;
        QTest::newRow("reducescatter") << Op::ReduceScatter << 4;
        QTest::newRow("alltoall") << Op::AllToAll << 4;
        QTest::newRow("allreduce") << Op::AllReduce << 1;
        QTest::newRow("broadcast") << Op::Broadcast << 1;
        QTest::newRow("sendrecv") << Op::SendRecv << 1;
    }
    void countColumnIsPerRank()
    {
        QFETCH(Op, op);
        QFETCH(int, divisor);
        for (const auto& row : tableOf(optionsFor(op), 4)) {
            if (kind(row) != "row")
                continue;
            const auto w = row.split(' ', Qt::SkipEmptyParts);
            QCOMPARE(w[1].toLongLong(), w[0].toLongLong() / 4 / divisor); // float: 4 bytes
            QCOMPARE(w[3], QString(reduces(op) || op == Op::SendRecv ? "sum" : "none"));
        }
    }

    void inPlaceOffPrintsNotAvailable()
    {
        const auto lines = tableOf(optionsFor(Op::AllReduce), 2, false);
        int rows = 0;
        for (const auto& row : lines) {
            if (kind(row) != "row")
                continue;
            ++rows;
            const auto w = row.split(' ', Qt::SkipEmptyParts);
            QCOMPARE(w.size(), 13);
            QCOMPARE(w.mid(9), (QStringList { "N/A", "N/A", "N/A", "N/A" }));
        }
        QCOMPARE(rows, 6); // 1K, 4K, 16K, 64K, 256K, 1M
        const auto result = model::parseNcclTestsText(lines.join('\n').toStdString(), "ours.txt");
        QVERIFY2(result.warnings.empty(), model::toText(result.warnings).c_str());
        QCOMPARE(static_cast<int>(result.runs.at(0).rows.size()), rows); // out-of-place only
    }

    void perIterationColumns()
    {
        Options o = optionsFor(Op::AllReduce);
        o.perIteration = true;
        const auto ours = tableOf(o, 8);
        const QStringList real = readLines(dataFile("made-2.19.6-allreduce-per-iteration-I1.txt"));
        for (const auto& row : ours)
            if (kind(row) == "row")
                QCOMPARE(row.split(' ', Qt::SkipEmptyParts).size(), 21); // 5 + 2 × (4 + 4)
        const auto result = model::parseNcclTestsText(ours.join('\n').toStdString(), "ours-I1.txt");
        QVERIFY2(result.warnings.empty(), model::toText(result.warnings).c_str());
        QCOMPARE(result.runs.size(), std::size_t { 1 });
        QCOMPARE(static_cast<int>(result.runs[0].rows.size()), 12);
        QVERIFY(!real.isEmpty());
    }

    void importerReadsItBack_data()
    {
        QTest::addColumn<Op>("op");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("collective");
        QTest::newRow("allreduce, 8") << Op::AllReduce << 8 << int(model::Collective::AllReduce);
        QTest::newRow("allgather, 4") << Op::AllGather << 4 << int(model::Collective::AllGather);
        QTest::newRow("reducescatter, 2") << Op::ReduceScatter << 2 << int(model::Collective::ReduceScatter);
        QTest::newRow("alltoall, 4") << Op::AllToAll << 4 << int(model::Collective::AllToAll);
        QTest::newRow("broadcast, 2") << Op::Broadcast << 2 << int(model::Collective::Broadcast);
        QTest::newRow("reduce, 2") << Op::Reduce << 2 << int(model::Collective::Reduce);
        QTest::newRow("sendrecv, 2") << Op::SendRecv << 2 << int(model::Collective::SendRecv);
    }
    void importerReadsItBack()
    {
        QFETCH(Op, op);
        QFETCH(int, ranks);
        QFETCH(int, collective);
        const auto lines = tableOf(optionsFor(op), ranks);
        const auto result = model::parseNcclTestsText(lines.join('\n').toStdString(), "ours.txt");
        QVERIFY2(result.warnings.empty(), model::toText(result.warnings).c_str());
        QCOMPARE(result.runs.size(), std::size_t { 1 });
        const auto& run = result.runs[0];
        QCOMPARE(int(*run.op), collective);
        QCOMPARE(run.opSource, std::string("header"));
        QCOMPARE(run.ranks, ranks);
        QCOMPARE(run.gpusPerProcess, ranks); // one process drives them all in helloOf()
        QCOMPARE(run.ncclVersion, std::string("2.28.9"));
        QCOMPARE(static_cast<int>(run.rows.size()), 2 * 6);
        QCOMPARE(run.redop, std::string(reduces(op) || op == Op::SendRecv ? "sum" : "none"));
        for (const auto& m : run.rows)
            QCOMPARE(m.bytes % 1024, model::Bytes { 0 }); // S as the worker printed it
    }

    void jsonDocumentHasNcclTestsFields()
    {
        const Options o = optionsFor(Op::AllGather);
        NcclTestsJsonOutput json("", { "commtutor-live", "--op", "allgather" }, {});
        render(json, o, 4, true);
        const auto& doc = json.document();
        // The keys and their order as nccl-tests writes them (a real document from the corpus).
        QFile f(dataFile("made-json-v3-allreduce-2proc-g2.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto real = nlohmann::ordered_json::parse(f.readAll().toStdString());
        auto keysOf = [](const nlohmann::ordered_json& j) {
            QStringList k;
            for (auto it = j.begin(); it != j.end(); ++it)
                k << QString::fromStdString(it.key());
            return k;
        };
        auto noErrors = keysOf(doc);
        noErrors.removeAll("errors"); // nccl-tests writes "errors" only on failure paths in some versions
        QCOMPARE(noErrors, keysOf(real));
        QCOMPARE(keysOf(doc["config"]).mid(0, 4), keysOf(real["config"]).mid(0, 4));
        QCOMPARE(keysOf(doc["config"]["devices"][0]), keysOf(real["config"]["devices"][0]));
        const auto& r0 = doc["results"][0];
        QCOMPARE(keysOf(r0),
            (QStringList { "size", "count", "type", "redop", "root", "out_of_place", "in_place", "actual_iterations",
                "experiment_name" }));
        QCOMPARE(keysOf(r0["out_of_place"]), keysOf(real["results"][0]["out_of_place"]));
        QCOMPARE(r0["root"].get<std::string>(), std::string("    -1")); // "%6i"
        QCOMPARE(r0["count"].get<long long>(), r0["size"].get<long long>() / 4 / 4); // per rank
        QCOMPARE(doc["config"]["blocking_collectives"].get<std::string>(), std::string("false"));
        QCOMPARE(doc["nccl_version"].get<int>(), 22809);

        const auto back = model::parseNcclTestsJsonText(doc.dump(), "ours.json");
        QVERIFY2(back.warnings.empty(), model::toText(back.warnings).c_str());
        QCOMPARE(back.runs.size(), std::size_t { 1 });
        QCOMPARE(*back.runs[0].op, model::Collective::AllGather);
        QCOMPARE(back.runs[0].ranks, 4);
        QCOMPARE(static_cast<int>(back.runs[0].rows.size()), 2 * 6);
    }

    void jsonFileIsNeverOverwritten()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("run.json").toStdString();
        QCOMPARE(createExclusive(path), path);
        QCOMPARE(createExclusive(path), path + ".0"); // nccl-tests jsonOutputInit: FILE.0, FILE.1, ...
        QCOMPARE(createExclusive(path), path + ".1");
    }
};

QTEST_APPLESS_MAIN(TestWorkerTable)
#include "tst_workertable.moc"
