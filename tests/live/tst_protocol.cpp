// SPDX-License-Identifier: MIT
// The live lab protocol without any backend: round trips, malformed and truncated lines, unknown record
// types, version mismatch, and the incremental line splitter.
#include "live/protocol/protocol.h"

#include <QtTest>

using namespace tutor::live;

Q_DECLARE_METATYPE(tutor::live::Record)
Q_DECLARE_METATYPE(tutor::live::ParseError::Kind)

class TestProtocol : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data()
    {
        QTest::addColumn<Record>("record");
        HelloRecord hello;
        hello.backend = "mpi";
        hello.versions = { { "commtutor-live", "0.1.0" }, { "mpi", "Open MPI v4.1.4" } };
        hello.ranks = 2;
        hello.hosts = { "node-a" };
        hello.devices = { { 0, "node-a", -1, "cpu" }, { 1, "node-a", -1, "cpu" } };
        hello.op = "allreduce";
        hello.dtype = "float";
        hello.iterations = 20;
        hello.warmup = 5;
        hello.sizes = 24;
        QTest::newRow("hello, 2 ranks") << Record { hello };
        QTest::newRow("progress, in-place") << Record { ProgressRecord { "allgather", 4096, 3, 24, true } };
        MeasurementRecord m;
        m.op = "allreduce";
        m.bytes = 8 << 20;
        m.count = 2 << 20;
        m.dtype = "float";
        m.ranks = 8;
        m.timeUs = 123.25;
        m.algBwGBps = 68.0625;
        m.busBwGBps = 119.109375;
        m.wrong = 0;
        m.minUs = 120.5;
        m.medianUs = 123;
        m.p99Us = 140.75;
        m.iterations = 20;
        QTest::newRow("measurement, 8 MiB allreduce") << Record { m };
        m.op = "broadcast";
        m.root = 3;
        m.inPlace = true;
        m.wrong = 17;
        QTest::newRow("measurement, rooted, wrong elements") << Record { m };
        OverlapRecord o;
        o.op = "allreduce";
        o.bytes = 1 << 20;
        o.ranks = 2;
        o.iterations = 10;
        o.computeAloneUs = 200;
        o.commAloneUs = 200;
        o.computeTogetherUs = 220;
        o.commTogetherUs = 230;
        o.overallUs = 260;
        o.testUs = 4;
        o.osuOverlapPct = 72;
        o.htaOverlapPct = 88.5;
        o.computeSlowdown = 1.1;
        o.commSlowdown = 1.15;
        QTest::newRow("overlap") << Record { o };
        QTest::newRow("error, rank 3") << Record { ErrorRecord { "ncclAllReduce", "unhandled cuda error", 4, 3 } };
        QTest::newRow("done") << Record { DoneRecord { 0, 48, 0, 12.5 } };
    }
    void roundTrip()
    {
        QFETCH(Record, record);
        const std::string line = encode(record);
        QVERIFY(line.find('\n') == std::string::npos);
        QVERIFY(line.find("\"protocol\":1") != std::string::npos);
        const ParseResult parsed = parseLine(line);
        QVERIFY2(parsed.ok(), parsed.error ? parsed.error->message.c_str() : "");
        QVERIFY(*parsed.record == record);
        QCOMPARE(typeName(*parsed.record), typeName(record));
    }

    void nonFiniteNumbersAreNeverWritten()
    {
        MeasurementRecord m;
        m.op = "allreduce";
        m.bytes = 8;
        m.dtype = "float";
        m.ranks = 2;
        m.timeUs = std::numeric_limits<double>::infinity();
        m.algBwGBps = std::numeric_limits<double>::quiet_NaN();
        const std::string line = encode(m);
        QVERIFY(line.find("null") == std::string::npos);
        QVERIFY(line.find("nan") == std::string::npos);
        // Written as 0, and a reader refuses a measurement of time 0 rather than dividing by it.
        const auto parsed = parseLine(line);
        QVERIFY(!parsed.ok());
        QVERIFY(parsed.error->message.find("measurement.time_us = 0.0: must be > 0") != std::string::npos);
    }

    void badLines_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<ParseError::Kind>("kind");
        QTest::addColumn<QString>("fragment");
        using K = ParseError::Kind;
        QTest::newRow("garbage text") << QByteArray("Segmentation fault (core dumped)") << K::Malformed
                                      << "not a JSON record";
        QTest::newRow("truncated object")
            << QByteArray(R"({"type":"measurement","protocol":1,"op":"allre)") << K::Malformed << "not a JSON record";
        QTest::newRow("empty line") << QByteArray("   ") << K::Malformed << "empty line";
        QTest::newRow("array, not object") << QByteArray("[1,2,3]") << K::NotAnObject << "must be a JSON object";
        QTest::newRow("no type") << QByteArray(R"({"protocol":1})") << K::MissingField << "record.type";
        QTest::newRow("type not a string")
            << QByteArray(R"({"type":7,"protocol":1})") << K::BadField << "record.type = 7";
        QTest::newRow("no protocol") << QByteArray(R"({"type":"done"})") << K::MissingField << "done.protocol";
        QTest::newRow("protocol 2") << QByteArray(R"({"type":"done","protocol":2})") << K::VersionMismatch
                                    << "done.protocol = 2";
        QTest::newRow("protocol as string")
            << QByteArray(R"({"type":"done","protocol":"1"})") << K::VersionMismatch << "done.protocol = \"1\"";
        QTest::newRow("measurement without bytes")
            << QByteArray(R"({"type":"measurement","protocol":1,"op":"allreduce","count":2,"dtype":"float","ranks":2,)"
                          R"("in_place":false,"time_us":1.0,"algbw_GBps":0,"busbw_GBps":0,"wrong":0})")
            << K::MissingField << "measurement.bytes";
        QTest::newRow("negative bytes") << QByteArray(
            R"({"type":"measurement","protocol":1,"op":"allreduce","bytes":-3,"count":2,"dtype":"float",)"
            R"("ranks":2,"in_place":false,"time_us":1.0,"algbw_GBps":0,"busbw_GBps":0,"wrong":0})")
                                        << K::BadField << "measurement.bytes = -3";
        QTest::newRow("time as string") << QByteArray(
            R"({"type":"measurement","protocol":1,"op":"allreduce","bytes":8,"count":2,"dtype":"float",)"
            R"("ranks":2,"in_place":false,"time_us":"fast","algbw_GBps":0,"busbw_GBps":0,"wrong":0})")
                                        << K::BadField << "measurement.time_us = \"fast\"";
        QTest::newRow("error without message")
            << QByteArray(R"({"type":"error","protocol":1,"call":"x"})") << K::MissingField << "error.message";
    }
    void badLines()
    {
        QFETCH(QByteArray, line);
        QFETCH(ParseError::Kind, kind);
        QFETCH(QString, fragment);
        const ParseResult parsed = parseLine(std::string_view(line.constData(), static_cast<std::size_t>(line.size())));
        QVERIFY(!parsed.ok());
        QVERIFY(parsed.error);
        QCOMPARE(parsed.error->kind, kind);
        QVERIFY2(QString::fromStdString(parsed.error->message).contains(fragment), parsed.error->message.c_str());
    }

    void unknownTypeIsKeptAsUnknown()
    {
        const ParseResult parsed = parseLine(R"({"type":"telemetry","protocol":1,"watts":300})");
        QVERIFY(parsed.ok());
        const auto* unknown = std::get_if<UnknownRecord>(&*parsed.record);
        QVERIFY(unknown);
        QCOMPARE(unknown->type, std::string("telemetry"));
    }

    void lineBufferSplitsAcrossChunks_data()
    {
        QTest::addColumn<QList<QByteArray>>("chunks");
        QTest::addColumn<QStringList>("lines");
        QTest::addColumn<QString>("remainder");
        QTest::newRow("one chunk, two lines") << QList<QByteArray> { "a\nb\n" } << QStringList { "a", "b" } << "";
        QTest::newRow("line split in three")
            << QList<QByteArray> { "{\"ty", "pe\":", "1}\n" } << QStringList { "{\"type\":1}" } << "";
        QTest::newRow("CRLF endings") << QList<QByteArray> { "a\r\nb\r\n" } << QStringList { "a", "b" } << "";
        QTest::newRow("unterminated tail")
            << QList<QByteArray> { "a\n{\"type\":\"do" } << QStringList { "a" } << "{\"type\":\"do";
        QTest::newRow("empty lines kept") << QList<QByteArray> { "\n\nx\n" } << QStringList { "", "", "x" } << "";
    }
    void lineBufferSplitsAcrossChunks()
    {
        QFETCH(QList<QByteArray>, chunks);
        QFETCH(QStringList, lines);
        QFETCH(QString, remainder);
        LineBuffer buffer;
        QStringList got;
        for (const auto& c : chunks)
            for (const auto& line : buffer.feed(std::string_view(c.constData(), static_cast<std::size_t>(c.size()))))
                got << QString::fromStdString(line);
        QCOMPARE(got, lines);
        QCOMPARE(buffer.hasPartialLine(), !remainder.isEmpty());
        QCOMPARE(QString::fromStdString(buffer.takeRemainder()), remainder);
        QVERIFY(!buffer.hasPartialLine());
    }

    void lineBufferCutsOverlongLines()
    {
        LineBuffer buffer;
        const std::string huge(LineBuffer::kMaxLineBytes + 100, 'x');
        auto lines = buffer.feed(huge);
        QVERIFY(lines.empty());
        lines = buffer.feed("tail\nnext\n");
        QCOMPARE(lines.size(), std::size_t { 2 });
        QCOMPARE(lines[0].size(), LineBuffer::kMaxLineBytes);
        QCOMPARE(lines[1], std::string("next"));
        QCOMPARE(buffer.tooLongLines(), 1);
    }

    void lineBufferKeepsItsGivenLimit()
    {
        // A line of exactly the limit passes whole; one byte more is cut, also when the bytes come one at a time.
        for (const std::size_t limit : { std::size_t { 1 }, std::size_t { 7 }, std::size_t { 300 } }) {
            LineBuffer buffer(limit);
            QCOMPARE(buffer.maxLineBytes(), limit);
            const std::string exact(limit, 'a');
            const std::string over = std::string(limit, 'b') + "c";
            const std::string stream = exact + "\n" + over + "\n" + over + "\r\n";
            std::vector<std::string> lines;
            for (const char byte : stream)
                for (auto& line : buffer.feed(std::string_view(&byte, 1)))
                    lines.push_back(std::move(line));
            QCOMPARE(lines.size(), std::size_t { 3 });
            QCOMPARE(lines[0], exact);
            QCOMPARE(lines[1], std::string(limit, 'b'));
            QCOMPARE(lines[2], std::string(limit, 'b'));
            QCOMPARE(buffer.tooLongLines(), 2);
        }
        QCOMPARE(LineBuffer(0).maxLineBytes(), std::size_t { 1 });
    }
};

QTEST_APPLESS_MAIN(TestProtocol)
#include "tst_protocol.moc"
