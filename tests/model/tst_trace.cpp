// SPDX-License-Identifier: MIT
// Trace export: Chrome Trace Event Format JSON that Perfetto accepts, one Kineto (PyTorch profiler) trace per
// rank that HolisticTraceAnalysis reads, and CSV of events and metrics.
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"
#include "model/sim/trace.h"
#include "tests/common/htareference.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

using namespace tutor::model;

namespace {
Scenario threeD(PipelineSchedule schedule, int v, bool sp)
{
    Scenario s;
    s.name.en = "trace";
    s.hardware.preset = "hgx-h100";
    s.hardware.nodes = 4;
    s.model = { .layers = 8, .hidden = 1024, .heads = 16, .seqLen = 512, .vocab = 32000 };
    s.parallel = { .dp = 4, .tp = 2, .pp = 4, .sp = sp, .virtualStages = v, .schedule = schedule };
    s.batch.microBatches = 8;
    return s;
}
/// HTA's comm/comp overlap of one rank's trace (hta/analyzers/communication_analysis.py get_comm_comp_overlap).
double htaOverlap(const nlohmann::json& trace)
{
    const tutor::test::Figures f = tutor::test::htaSweep(trace);
    return f.comm > 0 ? f.overlap / f.comm : 0;
}
} // namespace

Q_DECLARE_METATYPE(PipelineSchedule)
Q_DECLARE_METATYPE(tutor::model::Collective)
Q_DECLARE_METATYPE(tutor::model::DType)

class TestTrace : public QObject {
    Q_OBJECT

private slots:
    void chromeTrace_data()
    {
        QTest::addColumn<PipelineSchedule>("schedule");
        QTest::addColumn<int>("v");
        QTest::addColumn<bool>("sp");
        QTest::newRow("1F1B, TP + DP + PP") << PipelineSchedule::OneFOneB << 1 << false;
        QTest::newRow("interleaved, sequence parallel") << PipelineSchedule::Interleaved << 2 << true;
        QTest::newRow("GPipe") << PipelineSchedule::GPipe << 1 << false;
    }

    // Chrome Trace Event Format: {"traceEvents": [...]}, complete events ph "X" with ts/dur in µs,
    // "thread_name" metadata per tid; Perfetto rejects partially overlapping X events on one track.
    void chromeTrace()
    {
        QFETCH(PipelineSchedule, schedule);
        QFETCH(int, v);
        QFETCH(bool, sp);
        const auto sim = simulate(threeD(schedule, v, sp));
        QVERIFY2(sim.ok(), toText(sim.problems()).c_str());
        const auto text = chromeTraceText(sim->timeline, &sim->metrics);
        const auto doc = nlohmann::json::parse(text); // throws, failing the test, if it is not JSON
        QVERIFY(doc.at("traceEvents").is_array());
        QCOMPARE(doc.at("displayTimeUnit"), "ms");
        QVERIFY(doc.at("otherData").at("step_s").get<double>() > 0);

        std::map<int, std::string> threadNames; // tid → name
        std::map<int, int> tidPid;
        std::map<int, std::vector<std::pair<long long, long long>>> spans; // tid → [start, end) in ns
        std::size_t complete = 0;
        for (const auto& e : doc.at("traceEvents")) {
            const auto ph = e.at("ph").get<std::string>();
            const int tid = e.at("tid").get<int>();
            const int pid = e.at("pid").get<int>();
            if (ph == "M") {
                if (e.at("name") == "thread_name") {
                    QVERIFY2(!threadNames.count(tid), "one thread_name per tid");
                    threadNames[tid] = e.at("args").at("name").get<std::string>();
                    tidPid[tid] = pid;
                }
                continue;
            }
            QCOMPARE(ph, std::string("X"));
            ++complete;
            const double ts = e.at("ts").get<double>();
            const double dur = e.at("dur").get<double>();
            QVERIFY(std::isfinite(ts) && std::isfinite(dur) && ts >= 0 && dur >= 0);
            QVERIFY(!e.at("name").get<std::string>().empty());
            QCOMPARE(tidPid.at(tid), pid);
            const long long start = std::llround(ts * 1000);
            spans[tid].push_back({ start, start + std::llround(dur * 1000) });
        }
        QCOMPARE(complete, sim->timeline.events.size());
        // One tid per lane, each named.
        QCOMPARE(threadNames.size(), sim->timeline.lanes.size());
        for (const auto& [tid, list] : spans) {
            QVERIFY(threadNames.count(tid));
            auto sorted = list;
            std::sort(sorted.begin(), sorted.end());
            for (std::size_t i = 1; i < sorted.size(); ++i)
                QVERIFY2(sorted[i].first >= sorted[i - 1].second,
                    qPrintable(QString("tid %1 events %2 and %3 overlap").arg(tid).arg(i - 1).arg(i)));
        }
    }

    void communicationArgs()
    {
        const auto sim = simulate(threeD(PipelineSchedule::OneFOneB, 1, false));
        QVERIFY(sim.ok());
        const auto doc = tutor::model::chromeTrace(sim->timeline);
        std::set<std::string> collectives;
        for (const auto& e : doc.at("traceEvents"))
            if (e.at("ph") == "X" && e.at("args").contains("collective")) {
                collectives.insert(e.at("args").at("collective").get<std::string>());
                QVERIFY(e.at("args").at("bytes").get<long long>() > 0);
                QVERIFY(!e.at("args").at("group").get<std::string>().empty());
            }
        QVERIFY(collectives.count("AllReduce"));
        QVERIFY(collectives.count("SendRecv"));
    }

    void kinetoPerRank_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::newRow("DDP with overlap") << "ddp-overlap.json";
        QTest::newRow("DDP without overlap") << "ddp-no-overlap.json";
        QTest::newRow("ZeRO-3 with prefetch") << "zero3-prefetch.json";
        QTest::newRow("pipeline 1F1B") << "pipeline-1f1b.json";
        QTest::newRow("TP inside a node") << "tp-intra-node.json";
    }
    void kinetoPerRank()
    {
        QFETCH(QString, scenario);
        const auto loaded
            = loadScenario((qEnvironmentVariable("TUTOR_SOURCE_DIR") + "/assets/scenarios/" + scenario).toStdString());
        QVERIFY2(loaded.ok(), toText(loaded.problems()).c_str());
        const auto sim = simulate(*loaded);
        QVERIFY(sim.ok());
        const auto& p = loaded->parallel;
        const KinetoOptions o { .parallel = p, .dtype = loaded->comm.dtype };
        const auto files = kinetoTraceFiles(sim->timeline, o);
        QCOMPARE(static_cast<int>(files.size()), p.pp); // one file per pipeline stage's representative rank
        for (int stage = 0; stage < p.pp; ++stage) {
            const int rank = stage * p.tp * p.dp; // Megatron order: tp fastest, then dp, then pp
            QCOMPARE(files[stage].first, "trace_rank" + std::to_string(rank) + ".json");
            const auto t = nlohmann::json::parse(files[stage].second);
            // Kineto's top level, as HTA's trace_parser reads it.
            QCOMPARE(t["distributedInfo"]["backend"].get<std::string>(), std::string("nccl"));
            QCOMPARE(t["distributedInfo"]["rank"].get<int>(), rank);
            QCOMPARE(t["distributedInfo"]["world_size"].get<int>(), p.tp * p.dp * p.pp);
            QVERIFY(t["deviceProperties"].is_array() && t["deviceProperties"][0].contains("name"));
            QVERIFY(t["traceEvents"].is_array());
            int nccl = 0, compute = 0;
            for (const auto& e : t["traceEvents"]) {
                if (e.value("cat", "") != "kernel")
                    continue;
                QCOMPARE(e["ph"].get<std::string>(), std::string("X"));
                QVERIFY(e["args"].contains("stream") && e["args"].contains("device"));
                QCOMPARE(e["tid"], e["args"]["stream"]);
                const auto name = e["name"].get<std::string>();
                if (!name.starts_with("ncclDevKernel_")) {
                    ++compute;
                    continue;
                }
                ++nccl;
                for (const char* key : { "Collective name", "In msg nelems", "Out msg nelems", "Group size", "dtype",
                         "Process Group Ranks" })
                    QVERIFY2(e["args"].contains(key), key);
                const auto ranks = e["args"]["Process Group Ranks"].get<std::string>();
                QVERIFY2(ranks.find(std::to_string(rank)) != std::string::npos, ranks.c_str()); // its own group
            }
            QVERIFY(compute > 0);
            if (p.dp * p.tp > 1 || p.pp > 1)
                QVERIFY(nccl > 0);
            // HTA's overlap on the critical stage's rank is the app's figure (within 1 %).
            if (stage == sim->metrics.criticalStage) {
                const double hta = htaOverlap(t);
                QVERIFY2(std::abs(hta - sim->metrics.overlapHta) <= 0.01 * std::max(sim->metrics.overlapHta, 1e-9)
                        || std::abs(hta - sim->metrics.overlapHta) < 1e-9,
                    qPrintable(QStringLiteral("HTA %1, app %2").arg(hta).arg(sim->metrics.overlapHta)));
            }
        }
    }

    void ncclKernelNames_data()
    {
        QTest::addColumn<Collective>("collective");
        QTest::addColumn<DType>("dtype");
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<QString>("name");
        // NCCL ≥ 2.19 names its kernels ncclDevKernel_<Coll>_<Op>_<type>_<Algo>_<Proto> (src/device/generate.py).
        QTest::newRow("allreduce bf16, small")
            << Collective::AllReduce << DType::Bf16 << qint64 { 4096 } << "ncclDevKernel_AllReduce_Sum_bf16_RING_LL";
        QTest::newRow("reducescatter f32, large") << Collective::ReduceScatter << DType::Fp32 << qint64 { 1 << 26 }
                                                  << "ncclDevKernel_ReduceScatter_Sum_f32_RING_SIMPLE";
        QTest::newRow("allgather") << Collective::AllGather << DType::Bf16 << qint64 { 1 << 26 }
                                   << "ncclDevKernel_AllGather_RING_SIMPLE";
        QTest::newRow("point to point") << Collective::SendRecv << DType::Bf16 << qint64 { 1 << 20 }
                                        << "ncclDevKernel_SendRecv";
    }
    void ncclKernelNames()
    {
        QFETCH(Collective, collective);
        QFETCH(DType, dtype);
        QFETCH(qint64, bytes);
        QFETCH(QString, name);
        QCOMPARE(QString::fromStdString(ncclKernelName(collective, dtype, bytes)), name);
    }

    void csv()
    {
        const auto sim = simulate(threeD(PipelineSchedule::OneFOneB, 1, false));
        QVERIFY(sim.ok());
        const auto events = eventsCsv(sim->timeline);
        std::istringstream in(events);
        std::string line;
        std::getline(in, line);
        QCOMPARE(line.substr(0, 25), std::string("lane,stage,lane_kind,kind"));
        const auto columns = std::count(line.begin(), line.end(), ',');
        std::size_t rows = 0;
        while (std::getline(in, line)) {
            ++rows;
            // Quoted fields may hold commas ("dp(4, 2 nodes, InfiniBand)"); count commas outside quotes.
            int commas = 0;
            bool quoted = false;
            for (char c : line) {
                if (c == '"')
                    quoted = !quoted;
                else if (c == ',' && !quoted)
                    ++commas;
            }
            QCOMPARE(commas, static_cast<int>(columns));
        }
        QCOMPARE(rows, sim->timeline.events.size());
        const auto metrics = metricsCsv(sim->metrics);
        QVERIFY(metrics.rfind("metric,value,unit\n", 0) == 0);
        QVERIFY(metrics.find("\nstep,") != std::string::npos);
        QVERIFY(metrics.find("\nbubble,") != std::string::npos);
        QVERIFY(metrics.find("nan") == std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestTrace)
#include "tst_trace.moc"
