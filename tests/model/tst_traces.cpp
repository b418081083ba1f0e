// SPDX-License-Identifier: MIT
// The Trace lab's model (model/traces): PyTorch profiler traces read from the public corpus in tests/data/traces
// and from the simulator's own per-rank export, each figure checked against a recomputation from the raw events
// with a different algorithm (HTA's running-status sweep), the straggler estimate against traces with a known
// late rank, and bad files against their messages.
#include "model/io/gzip.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"
#include "model/sim/trace.h"
#include "model/traces/traceanalysis.h"
#include "tests/common/htareference.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace tutor::model;
using nlohmann::json;
using tutor::test::Figures;
using tutor::test::htaSweep;

namespace {

std::string dataDir()
{
    return qEnvironmentVariable("TUTOR_SOURCE_DIR").toStdString() + "/tests/data/traces/";
}

json readJson(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    if (tutor::io::isGzip(text))
        text = std::get<std::string>(tutor::io::gunzip(text, std::size_t { 1 } << 30));
    return json::parse(text);
}

/// A kernel event in Kineto's layout.
json kernel(const std::string& name, double ts, double dur, int stream, const json& extra = json::object())
{
    json args { { "device", 0 }, { "stream", stream }, { "correlation", 1 } };
    args.update(extra);
    return { { "ph", "X" }, { "cat", "kernel" }, { "name", name }, { "pid", 0 }, { "tid", stream }, { "ts", ts },
        { "dur", dur }, { "args", args } };
}

} // namespace

class TestTraces : public QObject {
    Q_OBJECT

private slots:
    // Every public trace: the per-rank figures equal HTA's sweep over the raw events, to the nanosecond.
    void publicTracesMatchHta_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("rank");
        QTest::newRow("sampled rank 0 (2023 layout)") << "sampled_rank-0.json.gz" << 0;
        QTest::newRow("sampled rank 1") << "sampled_rank-1.json.gz" << 1;
        QTest::newRow("A100, kernel args (2024 layout)") << "nccl_data.json.gz" << 0;
        QTest::newRow("one GPU, no communication") << "alexnet_single_gpu.json.gz" << 0;
        QTest::newRow("AMD MI250, ROCm") << "mi250_rocm.json.gz" << 0;
    }
    void publicTracesMatchHta()
    {
        QFETCH(QString, file);
        QFETCH(int, rank);
        const std::string path = dataDir() + file.toStdString();
        const auto trace = loadKinetoTrace(path);
        QVERIFY2(trace.ok(), toText(trace.problems()).c_str());
        const auto analysis = analyzeTraces({ *trace });
        QVERIFY2(analysis.ok(), toText(analysis.problems()).c_str());
        QCOMPARE(analysis->ranks.size(), std::size_t { 1 });
        const RankFigures& r = analysis->ranks.front();
        QCOMPARE(r.rank, rank);
        const Figures expected = htaSweep(readJson(path));
        QCOMPARE(r.commKernels, expected.commKernels);
        QVERIFY2(std::abs(r.communication - expected.comm * 1e-6) < 1e-9,
            qPrintable(QStringLiteral("comm %1 vs %2").arg(r.communication).arg(expected.comm * 1e-6)));
        QVERIFY(std::abs(r.compute - expected.compute * 1e-6) < 1e-9);
        QVERIFY(std::abs(r.overlap - expected.overlap * 1e-6) < 1e-9);
        QVERIFY(std::abs(r.exposed - (expected.comm - expected.overlap) * 1e-6) < 1e-9);
        if (expected.comm > 0)
            QVERIFY(std::abs(r.overlapHta - expected.overlap / expected.comm) < 1e-9);
        else
            QCOMPARE(r.overlapHta, 0.0);
    }

    // 2024 layout: the collective and its size from the kernel's own args; S = In msg nelems × dtype size for
    // AllReduce and Broadcast, the group from "Group size"; busbw = S / median · 2(n−1)/n.
    void kernelArgsGiveSizes()
    {
        const std::string path = dataDir() + "nccl_data.json.gz";
        const auto trace = loadKinetoTrace(path);
        QVERIFY(trace.ok());
        QCOMPARE(trace->worldSize, 2);
        QCOMPARE(trace->ncclVersion, std::string("2.17.1"));
        QVERIFY(trace->deviceName.find("A100") != std::string::npos);
        std::map<std::pair<std::string, long long>, std::vector<double>> expected; // (op, bytes) → durations µs
        const json doc = readJson(path);
        for (const auto& e : doc["traceEvents"]) {
            if (e.value("cat", "") != "kernel" || !e["name"].get<std::string>().starts_with("nccl"))
                continue;
            const auto& a = e["args"];
            const long long elementBytes = a["dtype"] == "Float" ? 4 : a["dtype"] == "Long" ? 8 : 0;
            QVERIFY2(elementBytes > 0, a["dtype"].dump().c_str());
            expected[{ a["Collective name"].get<std::string>(), a["In msg nelems"].get<long long>() * elementBytes }]
                .push_back(e["dur"].get<double>());
        }
        const auto analysis = analyzeTraces({ *trace });
        QVERIFY(analysis.ok());
        QCOMPARE(analysis->collectives.size(), expected.size());
        for (const CollectiveFigures& c : analysis->collectives) {
            const std::string op = c.collective == Collective::AllReduce ? "allreduce" : "broadcast";
            const auto it = expected.find({ op, c.bytes });
            QVERIFY2(it != expected.end(), (op + " " + std::to_string(c.bytes)).c_str());
            QCOMPARE(c.calls, static_cast<int>(it->second.size()));
            QCOMPARE(c.groupSize, 2);
            QVERIFY(!c.groupAssumed);
            std::vector<double> d = it->second;
            std::sort(d.begin(), d.end());
            const double median = d.size() % 2 ? d[d.size() / 2] : (d[d.size() / 2 - 1] + d[d.size() / 2]) / 2;
            QVERIFY(std::abs(c.medianSeconds - median * 1e-6) < 1e-12);
            const double factor = c.collective == Collective::AllReduce ? 2.0 * (2 - 1) / 2 : 1.0;
            QVERIFY(std::abs(c.busGBps - static_cast<double>(c.bytes) / (median * 1e-6) * factor / 1e9) < 1e-9);
        }
        // The model beside it, on the trace's own GPU.
        auto predicted = *analysis;
        const auto preset = findPreset(presetForDevice(trace->deviceName).value_or(""));
        QVERIFY(preset.ok());
        predictCollectives(predicted, *preset);
        for (const CollectiveFigures& c : predicted.collectives)
            QVERIFY2(c.predictedSeconds && *c.predictedSeconds > 0, std::to_string(c.bytes).c_str());
    }

    // 2023 layout: NCCL kernels named ncclKernel_SendRecv for every collective; the collective and its size come
    // from the "nccl:…" CPU op that launched the kernel (correlation → cudaLaunchKernel → enclosing op).
    void cpuOpsGiveCollectives()
    {
        const std::string path = dataDir() + "sampled_rank-0.json.gz";
        const auto trace = loadKinetoTrace(path);
        QVERIFY(trace.ok());
        QCOMPARE(trace->worldSize, 128);
        QCOMPARE(trace->profilerSteps, 2);
        int allReduce = 0, allToAll = 0, sized = 0, comm = 0;
        for (const TraceKernel& k : trace->kernels) {
            if (k.kind != KernelClass::Communication)
                continue;
            ++comm;
            allReduce += k.collective == Collective::AllReduce;
            allToAll += k.collective == Collective::AllToAll;
            sized += k.bytes > 0;
        }
        // Independently: the nccl:* ops on the CPU name as many all_reduce and all_to_all calls.
        int opsAllReduce = 0, opsAllToAll = 0;
        const json doc = readJson(path);
        for (const auto& e : doc["traceEvents"]) {
            const std::string name = e.value("name", "");
            opsAllReduce += name == "nccl:all_reduce";
            opsAllToAll += name == "nccl:all_to_all";
        }
        QVERIFY(comm > 0);
        QCOMPARE(allReduce, opsAllReduce);
        QCOMPARE(allToAll, opsAllToAll);
        QCOMPARE(sized, comm);
    }

    // Two ranks of one job: ranks from distributedInfo, collectives matched across them.
    void twoRanksMatch()
    {
        std::vector<RankTrace> traces;
        for (const char* f : { "sampled_rank-1.json.gz", "sampled_rank-0.json.gz" }) {
            auto t = loadKinetoTrace(dataDir() + f);
            QVERIFY(t.ok());
            traces.push_back(std::move(*t));
        }
        const auto analysis = analyzeTraces(traces);
        QVERIFY(analysis.ok());
        QCOMPARE(analysis->ranks.size(), std::size_t { 2 });
        QCOMPARE(analysis->ranks[0].rank, 0);
        QCOMPARE(analysis->ranks[1].rank, 1);
        QVERIFY(analysis->matchedCollectives > 0);
        // Lateness is max − own per matched collective: a rank that ran the longest kernel has 0.
        for (const RankFigures& r : analysis->ranks)
            QVERIFY(r.lateness >= 0);
        QVERIFY(analysis->ranks[0].lateness == 0 || analysis->ranks[1].lateness == 0
            || analysis->ranks[0].lastArrivalShare + analysis->ranks[1].lastArrivalShare > 0.99);
    }

    // Four ranks, ten AllReduce kernels each ending together; rank 2 arrives `delay` late every time, so its
    // kernels are `delay` shorter. The estimate finds it and its lateness, and nobody else.
    void stragglerFound()
    {
        const double delay = 300; // µs
        std::vector<RankTrace> traces;
        for (int r = 0; r < 4; ++r) {
            json events = json::array();
            for (int i = 0; i < 10; ++i) {
                const double end = 2000.0 * (i + 1);
                const double start = r == 2 ? end - 800 + delay : end - 800 - 10 * r;
                events.push_back(kernel("sm90_gemm_bf16", end - 1500, 600, 7));
                events.push_back(kernel("ncclDevKernel_AllReduce_Sum_bf16_RING_LL", start, end - start, 20,
                    { { "Collective name", "allreduce" }, { "In msg nelems", 1 << 20 }, { "Out msg nelems", 1 << 20 },
                        { "Group size", 4 }, { "dtype", "BFloat16" }, { "Process Group Name", "0" } }));
            }
            const json doc { { "distributedInfo", { { "rank", r }, { "world_size", 4 } } }, { "traceEvents", events } };
            auto t = parseKinetoTrace(doc.dump(), "rank" + std::to_string(r) + ".json");
            QVERIFY2(t.ok(), toText(t.problems()).c_str());
            traces.push_back(std::move(*t));
        }
        const auto analysis = analyzeTraces(traces);
        QVERIFY(analysis.ok());
        QCOMPARE(analysis->matchedCollectives, 10);
        for (const RankFigures& r : analysis->ranks) {
            QCOMPARE(r.straggler, r.rank == 2);
            // Rank 3 ran the longest kernel (800 + 30 µs): the others' lateness is its difference to them.
            const double own = r.rank == 2 ? 500 : 800 + 10 * r.rank;
            QVERIFY2(std::abs(r.lateness - (830 - own) * 1e-6) < 1e-12, qPrintable(QString::number(r.lateness)));
        }
        QCOMPARE(analysis->ranks[2].lastArrivalShare, 1.0);
        // 1 MiB bf16 AllReduce on 4 ranks: S = 2 MiB.
        QCOMPARE(analysis->collectives.size(), std::size_t { 1 });
        QCOMPARE(analysis->collectives[0].bytes, Bytes { 2 } << 20);
    }

    // The simulator's own per-rank export read back: the overlap of each stage equals HTA's sweep, and that of
    // the critical stage equals the simulator's StepMetrics::overlapHta.
    void simulatorExportRoundTrips()
    {
        const auto scenario = loadScenario(
            qEnvironmentVariable("TUTOR_SOURCE_DIR").toStdString() + "/assets/scenarios/pipeline-1f1b.json");
        QVERIFY2(scenario.ok(), toText(scenario.problems()).c_str());
        const auto sim = simulate(*scenario);
        QVERIFY(sim.ok());
        const KinetoOptions options { .parallel = scenario->parallel };
        std::vector<RankTrace> traces;
        std::vector<Figures> expected;
        for (const auto& [name, text] : kinetoTraceFiles(sim->timeline, options)) {
            auto t = parseKinetoTrace(text, name);
            QVERIFY2(t.ok(), toText(t.problems()).c_str());
            traces.push_back(std::move(*t));
            expected.push_back(htaSweep(json::parse(text)));
        }
        const auto analysis = analyzeTraces(traces);
        QVERIFY(analysis.ok());
        QCOMPARE(analysis->ranks.size(), static_cast<std::size_t>(scenario->parallel.pp));
        for (std::size_t s = 0; s < expected.size(); ++s) {
            const RankFigures& r = analysis->ranks[s];
            QCOMPARE(r.rank, stageRank(options, static_cast<int>(s)));
            QVERIFY(std::abs(r.overlapHta - expected[s].overlap / expected[s].comm) < 1e-9);
        }
        const RankFigures& critical = analysis->ranks[static_cast<std::size_t>(sim->metrics.criticalStage)];
        QVERIFY2(std::abs(critical.overlapHta - sim->metrics.overlapHta) < 1e-6,
            qPrintable(QStringLiteral("%1 vs %2").arg(critical.overlapHta).arg(sim->metrics.overlapHta)));
        // The Gantt view's timeline: one lane per (rank, stream), events of a lane never overlap, the exposed part
        // of the NCCL kernels on a rank with one communication stream adds up to the rank's exposed time.
        const Timeline timeline = traceTimeline(traces);
        std::map<int, double> laneEnd;
        for (const Event& e : timeline.events) {
            QVERIFY(e.start >= laneEnd[e.lane] - 1e-12);
            laneEnd[e.lane] = e.end();
        }
        for (const Lane& lane : timeline.lanes)
            QVERIFY(lane.stream >= 0 && lane.rank >= 0);
    }

    // Bad files: each refused with the field, the value and the rule; nothing half-read.
    void badFilesAreRefused()
    {
        const auto cpu = loadKinetoTrace(dataDir() + "cpu_only_rank-34.json.gz");
        QVERIFY(!cpu.ok());
        QVERIFY(cpu.problems().front().rule.find("no GPU kernel") != std::string::npos);

        const auto notJson = parseKinetoTrace("{\"traceEvents\": [", "cut.json");
        QVERIFY(!notJson.ok());
        QVERIFY(notJson.problems().front().where.starts_with("cut.json:"));

        const auto noEvents = parseKinetoTrace("{\"schemaVersion\": 1}", "x.json");
        QVERIFY(!noEvents.ok());
        QCOMPARE(noEvents.problems().front().field, std::string("traceEvents"));

        // One bad event is skipped with a warning naming its index; the rest is read.
        const json doc { { "traceEvents",
            { kernel("gemm", 0, 10, 7), kernel("gemm", 20, -5, 7), kernel("ncclKernel_AllReduce", 5, 10, 9) } } };
        const auto partial = parseKinetoTrace(doc.dump(), "p.json");
        QVERIFY(partial.ok());
        QCOMPARE(partial->kernels.size(), std::size_t { 2 });
        QCOMPARE(partial->warnings.size(), std::size_t { 1 });
        QCOMPARE(partial->warnings.front().field, std::string("traceEvents[1].dur"));

        // A cut gzip stream is refused, not read as far as it goes.
        std::ifstream in(dataDir() + "mi250_rocm.json.gz", std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(in)), {});
        const auto cut = tutor::io::gunzip(std::string_view(bytes).substr(0, bytes.size() / 2), 1 << 30);
        QVERIFY(std::holds_alternative<tutor::io::InflateFailure>(cut));
        const auto bounded = tutor::io::gunzip(bytes, 1000);
        QVERIFY(std::holds_alternative<tutor::io::InflateFailure>(bounded));
        QVERIFY(std::get<tutor::io::InflateFailure>(bounded).rule.find("more than") != std::string::npos);

        // The same rank twice names both files.
        const json one { { "distributedInfo", { { "rank", 3 } } }, { "traceEvents", { kernel("gemm", 0, 1, 7) } } };
        const auto a = parseKinetoTrace(one.dump(), "a.json");
        const auto b = parseKinetoTrace(one.dump(), "b.json");
        const auto twice = analyzeTraces({ *a, *b });
        QVERIFY(!twice.ok());
        QVERIFY(twice.problems().front().rule.find("a.json") != std::string::npos);
        QVERIFY(twice.problems().front().rule.find("b.json") != std::string::npos);
    }

    void namesAndTypes()
    {
        QCOMPARE(collectiveFromTraceName("ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL"), Collective::ReduceScatter);
        QCOMPARE(collectiveFromTraceName("nccl:_all_gather_base"), Collective::AllGather);
        QCOMPARE(collectiveFromTraceName("all_to_allv"), Collective::AllToAll);
        QCOMPARE(collectiveFromTraceName("ncclDevKernel_Reduce_Sum_f32_RING_LL"), Collective::Reduce);
        QCOMPARE(collectiveFromTraceName("ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t"), Collective::SendRecv);
        QVERIFY(!collectiveFromTraceName("sm90_xmma_gemm"));
        QCOMPARE(traceDtype("c10::BFloat16"), DType::Bf16);
        QCOMPARE(traceDtype("long int"), DType::Int64);
        QCOMPARE(traceDtype("unsigned char"), DType::Uint8);
        QVERIFY(!traceDtype("complex"));
        QCOMPARE(classifyKernel("Memcpy HtoD (Pageable -> Device)", "gpu_memcpy"), KernelClass::Memory);
        QCOMPARE(classifyKernel("ncclDevKernel_AllGather_RING_LL", "kernel"), KernelClass::Communication);
        QCOMPARE(classifyKernel("Context Sync", "cuda_sync"), KernelClass::Other);
        QCOMPARE(classifyKernel("ampere_bf16_s16816gemm", "kernel"), KernelClass::Compute);
        QCOMPARE(presetForDevice("NVIDIA H100 80GB HBM3"), std::optional<std::string>("hgx-h100"));
        QVERIFY(!presetForDevice("AMD Radeon Graphics"));
    }
};

QTEST_GUILESS_MAIN(TestTraces)
#include "tst_traces.moc"
