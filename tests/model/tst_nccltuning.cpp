// SPDX-License-Identifier: MIT
// NCCL's tuning model (nccltuning.h) against the closed forms of NVIDIA/nccl src/graph/tuning.cc, and the cost
// model's use of it: latencies, bandwidths and pipelines, auto choosing the cheapest of NCCL's own rows, NVLS on one
// node, fused reductions and the no-P2P presets. Across nodes (NVLSTree, CollNet, the fabric's setup, overrides and
// their named errors): tst_nccltuning_fabric.cpp.

#include "tests/common/nccltuning.h"

#include <QtTest>
#include <cmath>

using namespace tutor::model;

using namespace tutor::model::testing;

class TestNcclTuning : public QObject {
    Q_OBJECT
private slots:
    void ringLatencyAndLLBandwidthOnOneNode()
    {
        const auto t = preset("hgx-h100", 1, 8);
        const auto table = ncclTable(Collective::AllReduce, t);
        const auto& ll = rowOf(table, Algorithm::Ring, Protocol::LL);
        // baseLat Ring/LL 6.6 µs + 2(n−1) NVLink hops of NCCL's 0.6 µs, + lowLatencyPerGpuUs for each GPU beyond the
        // first, + the launch.
        const double launch = t.nccl.launchUs;
        const double perGpu = 7 * t.nccl.lowLatencyPerGpuUs;
        QVERIFY(t.nccl.lowLatencyPerGpuUs > 1);
        QCOMPARE_LE(std::abs(ll.latency - (6.6 + 14 * 0.6 + perGpu + launch) * 1e-6), 1e-12);
        // LL: half of Simple's bus bandwidth, capped at Hopper's one-node llMaxBw 141 GB/s; × n / 2(n−1).
        const double bus = std::min(141.0, 0.5 * t.intra.bandwidthGBps);
        QCOMPARE_LE(std::abs(ll.bwGBps - bus * 8 / 14), 1e-9);
        // An LL128 hop costs an LL hop (0.6 µs) on one node; NCCL's tuner still compares its own 1.9 µs, without the
        // per-GPU term.
        const auto& ll128 = rowOf(table, Algorithm::Ring, Protocol::LL128);
        QCOMPARE_LE(std::abs(ll128.latency - (14.0 + 14 * 0.6 + perGpu + launch) * 1e-6), 1e-12);
        QCOMPARE_LE(std::abs(ll128.tunerLatency - (14.0 + 14 * 1.9) * 1e-6), 1e-12);
        // AllGather's n − 1 hops save 7 × 0.6 µs, not half of AllReduce's time: the per-GPU term is the same for
        // both (measured: AllGather and AllReduce within 2 µs of each other at 8 B – 64 KiB on 4 and 8 H100s).
        const auto agTable = ncclTable(Collective::AllGather, t);
        const auto& agLl = rowOf(agTable, Algorithm::Ring, Protocol::LL);
        QCOMPARE_LE(std::abs(agLl.latency - (6.6 + 7 * 0.6 + perGpu + launch) * 1e-6), 1e-12);
        QCOMPARE_LE(std::abs(ll.latency - agLl.latency - 7 * 0.6e-6), 1e-12);
        // The per-GPU term is the low-latency protocols' only: Simple pays NCCL's hops and the launch.
        const auto& simple = rowOf(table, Algorithm::Ring, Protocol::Simple);
        QCOMPARE_LE(std::abs(simple.latency - (8.4 + 14 * 3.4 + launch) * 1e-6), 1e-12);
        QCOMPARE_LE(std::abs(simple.busBwGBps - t.intra.bandwidthGBps), 1e-9);
    }

    // What a call pays beyond NCCL's tuner is one figure for its collectives and its point-to-point calls: the launch,
    // and on one node lowLatencyPerGpuUs for each GPU beyond the first with LL or LL128.
    void callOverheadOnCollectivesAndPointToPoint()
    {
        const auto t = preset("hgx-h100", 1, 8);
        const double launch = t.nccl.launchUs, perGpu = t.nccl.lowLatencyPerGpuUs;
        QCOMPARE(ncclCallOverheadUs(t, Protocol::LL), launch + 7 * perGpu);
        QCOMPARE(ncclCallOverheadUs(t, Protocol::LL128), launch + 7 * perGpu);
        QCOMPARE(ncclCallOverheadUs(t, Protocol::Simple), launch);
        QCOMPARE(ncclCallOverheadUs(preset("hgx-h100", 4, 8), Protocol::LL), launch);
        // An LL AllToAll on the node: without the per-GPU figure it is 7 × perGpu µs shorter, as a ring AllReduce is.
        auto without = t;
        without.nccl.lowLatencyPerGpuUs = 0;
        for (const auto op : { Collective::AllToAll, Collective::AllReduce }) {
            auto with = request(op, 1024, t, op == Collective::AllToAll ? Algorithm::Pairwise : Algorithm::Ring);
            with.protocol = Protocol::LL;
            auto plain = with;
            plain.topology = without;
            const auto a = predict(with), b = predict(plain);
            QVERIFY(a && b);
            QCOMPARE_LE(std::abs(a->latencySeconds - b->latencySeconds - 7 * perGpu * 1e-6), 1e-12);
        }
    }

    void treeAndRingLatencyAcrossNodes()
    {
        const auto t = preset("hgx-h100", 4, 8);
        const auto table = ncclTable(Collective::AllReduce, t);
        // Tree/LL: 6.8 + 2·((g−1)·0.6 + log2(nodes)·(5.0 + net)) µs, + the launch: the chain inside the node at
        // NCCL's own LL hop, and no per-GPU term (that is one node's).
        const double launch = t.nccl.launchUs;
        const double net = t.nccl.netLatencyUs;
        const auto& treeLl = rowOf(table, Algorithm::DoubleBinaryTree, Protocol::LL);
        QCOMPARE_LE(std::abs(treeLl.latency - (6.8 + 2 * (7 * 0.6 + 2 * (5.0 + net)) + launch) * 1e-6), 1e-12);
        // Tree/LL128 across nodes: 14 + 2·((g−1)·1.25·(1.54/1.9) + log2(nodes)·(8.5 + net)), the NVLink LL128 hop
        // scaled to 1.54 µs for a ring's 1.9, and no per-GPU term (one node only).
        const auto& treeLl128 = rowOf(table, Algorithm::DoubleBinaryTree, Protocol::LL128);
        const double ll128Hop = 1.25 * 1.54 / 1.9;
        QCOMPARE_LE(std::abs(treeLl128.latency - (14.0 + 2 * (7 * ll128Hop + 2 * (8.5 + net)) + launch) * 1e-6), 1e-12);
        // On EFA the same chain with EFA's step latency on each of the two network hops (log2 of 4 nodes).
        const auto efa = preset("aws-p5", 4, 8);
        const auto efaTable = ncclTable(Collective::AllReduce, efa);
        QCOMPARE_LE(std::abs(rowOf(efaTable, Algorithm::DoubleBinaryTree, Protocol::LL).latency
                        - (6.8 + 2 * (7 * 0.6 + 2 * (5.0 + efa.nccl.netLatencyUs)) + efa.nccl.launchUs) * 1e-6),
            1e-12);
        // Ring/LL AllGather on 2 × 8: 6.6 + 14·max(0.6, 1.0) + 1·(2.7 + net) µs, + the launch: across nodes an NVLink
        // LL hop is NCCL's 0.6 µs (one node pays the measured 0.6·scale, checked above), here under the 1 µs net
        // overhead.
        const auto pair = preset("hgx-h100", 2, 8);
        const auto agTable = ncclTable(Collective::AllGather, pair);
        QCOMPARE_LE(std::abs(rowOf(agTable, Algorithm::Ring, Protocol::LL).latency
                        - (6.6 + 14 * 1.0 + (2.7 + pair.nccl.netLatencyUs) + pair.nccl.launchUs) * 1e-6),
            1e-12);
        // Ring/Simple: 8.4 + (2(n−1) − 2(nodes−1))·max(3.4, 3·1.0) + 2(nodes−1)·(14 + 2·net) µs, + the launch.
        const auto& ring = rowOf(table, Algorithm::Ring, Protocol::Simple);
        const double lat = (8.4 + (62 - 6) * 3.4 + 6 * (14.0 + 2 * net) + launch) * 1e-6;
        QCOMPARE_LE(std::abs(ring.latency - lat), 1e-12);
        // Every NIC of the node, each at its share while all stream: min(β_intra, 8 NICs × β_NIC × share).
        QVERIFY(t.nccl.netConcurrentShare < 1);
        QCOMPARE_LE(std::abs(ring.busBwGBps
                        - std::min(t.intra.bandwidthGBps, 8 * t.inter.bandwidthGBps * t.nccl.netConcurrentShare)),
            1e-9);
        QCOMPARE_LE(std::abs(ncclNodeNetGBps(t) - 8 * t.inter.bandwidthGBps * t.nccl.netConcurrentShare), 1e-9);
        // The share is NCCL's channels', not the wire's: AllToAll's per-peer sends (the per-GPU β the textbook
        // algorithms use) keep one NIC's full rate, as the 10 × 8 AllToAll rows measured.
        QCOMPARE(t.interBandwidthPerGpuGBps(), t.inter.bandwidthGBps);
        // The ring plateau: × 1.4 once each rank's channel slice passes 64 B.
        const Bytes big = Bytes { 1 } << 30;
        const auto time = ncclTime(ring, Collective::AllReduce, big, t);
        QCOMPARE_LE(std::abs(time.latency - 1.4 * lat), 1e-12);
        QCOMPARE_LE(std::abs(ncclTime(ring, Collective::AllReduce, 64, t).latency - lat), 1e-12);
        // The network pipeline across nodes, 2·√(S · P / bw); none inside one node.
        const double fill = 2 * std::sqrt(double(big) * t.nccl.netPipelineUs * 1e-6 / (ring.bwGBps * 1e9));
        QCOMPARE_LE(std::abs(time.pipeline - fill), 1e-12);
        QVERIFY(fill > 0);
        // With one GPU per node every step is NIC to NIC: no network pipeline, the time is latency + S / bandwidth.
        const auto perNode = preset("hgx-h100", 10, 1);
        const auto loneTable = ncclTable(Collective::AllReduce, perNode);
        const auto& lone = rowOf(loneTable, Algorithm::Ring, Protocol::Simple);
        const auto loneTime = ncclTime(lone, Collective::AllReduce, big, perNode);
        QCOMPARE(loneTime.pipeline, 0.0);
        QCOMPARE_LE(std::abs(loneTime.total() - (loneTime.latency + double(big) / (lone.bwGBps * 1e9))), 1e-12);
        // An ideal machine (α = 0 inside and between nodes) pays no network pipeline either: S / bandwidth alone.
        auto ideal = t;
        ideal.intra.alphaSeconds = 0;
        ideal.inter.alphaSeconds = 0;
        QVERIFY(ideal.latencyFree());
        const auto idealTable = ncclTable(Collective::AllReduce, ideal);
        const auto& idealRing = rowOf(idealTable, Algorithm::Ring, Protocol::Simple);
        const auto idealTime = ncclTime(idealRing, Collective::AllReduce, big, ideal);
        QCOMPARE(idealTime.pipeline, 0.0);
        QCOMPARE_LE(std::abs(idealTime.total() - double(big) / (idealRing.bwGBps * 1e9)), 1e-12);
    }

    void chunkPipelineInsideOneNode()
    {
        // Inside one node a Simple call pays the chunk pipeline, 2·√(S · P / bw) with P = kIntraNodePipelineUs: it
        // doubles when S quadruples and shrinks relative to S / bw.
        const auto one = preset("hgx-h100", 1, 8);
        const auto table = ncclTable(Collective::AllReduce, one);
        const auto& ring = rowOf(table, Algorithm::Ring, Protocol::Simple);
        const Bytes big = Bytes { 1 } << 30;
        const auto time = ncclTime(ring, Collective::AllReduce, big, one);
        const double fill = 2 * std::sqrt(double(big) * kIntraNodePipelineUs * 1e-6 / (ring.bwGBps * 1e9));
        QCOMPARE_LE(std::abs(time.pipeline - fill), 1e-12);
        QCOMPARE_LE(std::abs(ncclTime(ring, Collective::AllReduce, 4 * big, one).pipeline - 2 * fill), 1e-12);
        QVERIFY(time.pipeline / time.transfer < 0.02);
        QVERIFY(ncclTime(ring, Collective::AllReduce, big >> 8, one).pipeline / time.transfer > 0.0);
        // Bus bandwidth therefore climbs towards β with size instead of reaching it at a few MiB.
        const auto busAt = [&](Bytes s) {
            return 2.0 * 7 / 8 * double(s) / ncclTime(ring, Collective::AllReduce, s, one).total() / 1e9;
        };
        QVERIFY(busAt(Bytes { 256 } << 20) < busAt(big));
        QVERIFY(busAt(big) < busAt(Bytes { 8 } << 30));
        QVERIFY(busAt(Bytes { 8 } << 30) < one.intra.bandwidthGBps);
        // LL and LL128 carry their flags with the data: no chunk pipeline; neither has an ideal machine.
        QCOMPARE(ncclTime(rowOf(table, Algorithm::Ring, Protocol::LL), Collective::AllReduce, big, one).pipeline, 0.0);
        QCOMPARE(
            ncclTime(rowOf(table, Algorithm::Ring, Protocol::LL128), Collective::AllReduce, big, one).pipeline, 0.0);
        auto ideal = one;
        ideal.intra.alphaSeconds = 0;
        ideal.inter.alphaSeconds = 0;
        QVERIFY(ideal.latencyFree());
        const auto idealTable = ncclTable(Collective::AllReduce, ideal);
        QCOMPARE(
            ncclTime(rowOf(idealTable, Algorithm::Ring, Protocol::Simple), Collective::AllReduce, big, ideal).pipeline,
            0.0);
    }

    void sendRecvRunsOnNcclsP2pChannels_data()
    {
        // NCCL's p2p channels for one send inside an 8-GPU NVLink node, worked out by hand from enqueue.cc: H100's 16
        // graph channels make 32 (a power of two); a peer gets at most 32 and at least 32 halved until 8 peers fit in
        // 32, so 4; a send starts on 4 and doubles while a channel's part passes 16 MiB.
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("channels");
        QTest::newRow("64 KiB, 8 ranks") << (qint64 { 64 } << 10) << 8 << 1;
        QTest::newRow("32 MiB, 8 ranks") << (qint64 { 32 } << 20) << 8 << 4;
        QTest::newRow("64 MiB, 8 ranks") << (qint64 { 64 } << 20) << 8 << 4;
        QTest::newRow("128 MiB, 8 ranks") << (qint64 { 128 } << 20) << 8 << 8;
        QTest::newRow("256 MiB, 8 ranks") << (qint64 { 256 } << 20) << 8 << 16;
        QTest::newRow("1 GiB, 8 ranks") << (qint64 { 1 } << 30) << 8 << 32;
        QTest::newRow("16 MiB, 2 ranks") << (qint64 { 16 } << 20) << 2 << 16;
    }

    void sendRecvRunsOnNcclsP2pChannels()
    {
        QFETCH(qint64, bytes);
        QFETCH(int, ranks);
        QFETCH(int, channels);
        const auto t = preset("hgx-h100", 1, ranks);
        QCOMPARE(ncclP2pChannels(bytes, ranks, t), channels);
        // Send/Recv's bandwidth term: S over the channels' copy rate (20.6 GB/s each on Hopper), or over β when that
        // is lower.
        auto simple = request(Collective::SendRecv, bytes, t);
        simple.protocol = Protocol::Simple;
        const auto cost = predict(simple);
        QVERIFY(cost);
        const double bps = std::min(channels * 20.6, t.intra.bandwidthGBps) * 1e9;
        QCOMPARE_LE(std::abs(cost->bandwidthSeconds - double(bytes) / bps), 1e-9 * cost->bandwidthSeconds);
    }

    void p2pChannelsOnlyInsideAnNvlinkNode()
    {
        const Bytes s = Bytes { 32 } << 20;
        QCOMPARE(ncclP2pChannels(s, 16, preset("hgx-h100", 2, 8)), 0); // across nodes: NcclFigures::p2pNetGBps
        QCOMPARE(ncclP2pChannels(s, 4, preset("pcie-gen4", 1, 4)), 0);
        QCOMPARE(ncclP2pChannels(s, 8, preset("cpu-laptop", 1, 8)), 0);
        // A100: 12 graph channels make 24, rounded up to 32: the same 4 channels at 32 MiB, at 20 GB/s each.
        const auto a100 = preset("dgx-a100", 1, 8);
        QCOMPARE(ncclP2pChannels(s, 8, a100), 4);
        QCOMPARE(ncclP2pChannelGBps(a100), 20.0);
    }

    void treeFillFollowsNcclsChunks_data()
    {
        // NCCL's chunk for a Simple tree AllReduce (enqueue.cc), worked out by hand for 32 channels (2 × 16):
        // depth 7 + log2(2) = 8 on 2 × 8 GPUs. 16 MiB: 512 KiB per channel; halving from 512 KiB while a channel
        // holds fewer than 8·8 chunks stops at 128 KiB, fewer than 4·8 at 64 KiB (8 chunks), fewer than 8 not at all.
        // 1 GiB: 32 MiB per channel = 64 chunks of 512 KiB, no halving. 4 MiB: 128 KiB per channel → 32 KiB.
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<qint64>("chunk");
        QTest::newRow("4 MiB") << (qint64 { 4 } << 20) << qint64 { 32 * 1024 };
        QTest::newRow("16 MiB") << (qint64 { 16 } << 20) << qint64 { 64 * 1024 };
        QTest::newRow("1 GiB") << (qint64 { 1 } << 30) << qint64 { 512 * 1024 };
    }

    void treeFillFollowsNcclsChunks()
    {
        QFETCH(qint64, bytes);
        QFETCH(qint64, chunk);
        const auto t = preset("hgx-h100", 2, 8);
        QCOMPARE(t.nccl.channels, 16);
        const auto table = ncclTable(Collective::AllReduce, t);
        const auto& tree = rowOf(table, Algorithm::DoubleBinaryTree, Protocol::Simple);
        const auto time = ncclTime(tree, Collective::AllReduce, bytes, t);
        // 2·(depth − 1) hops of one chunk on every channel at the tree's bus bandwidth.
        const double expected = 2.0 * 7 * double(chunk) * 32 / (tree.busBwGBps * 1e9);
        QCOMPARE_LE(std::abs(time.treeFill - expected), 1e-12);
        QCOMPARE_LE(std::abs(time.total() - (time.latency + time.transfer + time.pipeline + time.treeFill)), 1e-15);
        // The fill is a fixed number of chunk trips once chunks stop shrinking: its share falls with size.
        const auto eightGiB = ncclTime(tree, Collective::AllReduce, Bytes { 8 } << 30, t);
        QCOMPARE_LE(std::abs(eightGiB.treeFill - 2.0 * 7 * 512 * 1024 * 32 / (tree.busBwGBps * 1e9)), 1e-12);
        QVERIFY(time.treeFill / time.transfer > eightGiB.treeFill / eightGiB.transfer);
        QVERIFY(eightGiB.treeFill / eightGiB.transfer < 0.02);
        // Rings and the other protocols have no tree fill; neither has NCCL's tuner estimate.
        QCOMPARE(
            ncclTime(rowOf(table, Algorithm::Ring, Protocol::Simple), Collective::AllReduce, bytes, t).treeFill, 0.0);
        QCOMPARE(ncclTime(rowOf(table, Algorithm::DoubleBinaryTree, Protocol::LL128), Collective::AllReduce, bytes, t)
                     .treeFill,
            0.0);
        QVERIFY(time.tuner < time.total());
    }

    void treeCorrectionFactorScalesBandwidth()
    {
        const auto t = preset("dgx-a100", 2, 8);
        const auto table = ncclTable(Collective::AllReduce, t);
        const auto& tree = rowOf(table, Algorithm::DoubleBinaryTree, Protocol::Simple);
        const Bytes s = Bytes { 64 } << 12; // log2(S/64) = 12: factor .5 for Simple
        const auto time = ncclTime(tree, Collective::AllReduce, s, t);
        QCOMPARE_LE(std::abs(time.transfer - static_cast<double>(s) / (tree.bwGBps * 0.5 * 1e9)), 1e-15);
    }

    void autoTakesTheCheapestNcclRow_data()
    {
        QTest::addColumn<QString>("presetId");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("op");
        QTest::newRow("h100 8 AR") << "hgx-h100" << 1 << 8 << int(Collective::AllReduce);
        QTest::newRow("h100 2x8 AR") << "hgx-h100" << 2 << 8 << int(Collective::AllReduce);
        QTest::newRow("h100 4x8 AG") << "hgx-h100" << 4 << 8 << int(Collective::AllGather);
        QTest::newRow("a100 8 RS") << "dgx-a100" << 1 << 8 << int(Collective::ReduceScatter);
        QTest::newRow("a100 2x8 bcast") << "dgx-a100" << 2 << 8 << int(Collective::Broadcast);
        QTest::newRow("p5 2x8 AR") << "aws-p5" << 2 << 8 << int(Collective::AllReduce);
        QTest::newRow("nop2p reduce") << "pcie-nop2p" << 1 << 2 << int(Collective::Reduce);
        QTest::newRow("gen4 4 AR") << "pcie-gen4" << 1 << 4 << int(Collective::AllReduce);
    }
    void autoTakesTheCheapestNcclRow()
    {
        QFETCH(QString, presetId);
        QFETCH(int, nodes);
        QFETCH(int, gpus);
        QFETCH(int, op);
        const auto t = preset(presetId.toStdString().c_str(), nodes, gpus);
        const auto c = static_cast<Collective>(op);
        const auto table = ncclTable(c, t);
        QVERIFY(!table.empty());
        for (Bytes s = 8; s <= (Bytes { 1 } << 32); s *= 8) {
            // NCCL's tuner minimises its own estimate (tuning.cc latencies + S / bandwidth); the time shown is that
            // row's measured-machine time.
            const NcclTuning* pick = nullptr;
            double best = 1e300;
            for (const auto& row : table)
                if (row.automatic && ncclTime(row, c, s, t).tuner < best) {
                    best = ncclTime(row, c, s, t).tuner;
                    pick = &row;
                }
            QVERIFY(pick);
            const auto cost = predict(request(c, s, t));
            QVERIFY(cost);
            QCOMPARE(originOf(cost->algorithm), Origin::Nccl);
            QCOMPARE(cost->algorithm, pick->algorithm);
            QCOMPARE(cost->protocol, pick->protocol);
            QCOMPARE_LE(std::abs(cost->tunerSeconds - best), 1e-12 * best);
            const double total = ncclTime(*pick, c, s, t).total();
            QCOMPARE_LE(std::abs(cost->totalSeconds - total), 1e-12 * total);
            QVERIFY(cost->totalSeconds >= cost->tunerSeconds); // launch, low-latency costs and pipeline only add
            QCOMPARE(cost->reduceSeconds, 0.0); // NCCL fuses the reduction into the copy
        }
    }

    void smallMessagesTakeNcclsLowLatencyPick()
    {
        // tuning.cc on 8 H100s: ring/LL 6.6 + 14 × 0.6 = 15 µs beats NVLS's 25 µs, even though the measured LL hop
        // makes the ring's real time longer than NCCL thinks.
        const auto cost = predict(request(Collective::AllReduce, 8, preset("hgx-h100", 1, 8)));
        QVERIFY(cost);
        QCOMPARE(cost->algorithm, Algorithm::Ring);
        QCOMPARE(cost->protocol, Protocol::LL);
        QCOMPARE_LE(std::abs(cost->tunerSeconds - 15e-6), 1e-9);
    }

    void nvlsOnlyOnMoreThanHalfTheSwitch()
    {
        const Bytes s = Bytes { 1 } << 30;
        for (int g : { 2, 4, 6, 8 }) {
            const auto t = preset("hgx-h100", 1, g);
            const auto cost = predict(request(Collective::AllReduce, s, t));
            QVERIFY(cost);
            QCOMPARE(cost->algorithm == Algorithm::Nvls, g > 4);
            // Forced, NVLS still runs; its algorithm bandwidth is A·(1 − 1/g²), A from the 8-GPU bus bandwidth
            // 2·7/8·A·(1 − 1/64).
            const auto nvls = predict(request(Collective::AllReduce, s, t, Algorithm::Nvls));
            QVERIFY(nvls);
            const double a = t.nccl.nvlsBusGBps / (2.0 * 7 / 8) / (1 - 1.0 / 64);
            const double algBw = a * (1 - 1.0 / (g * g));
            // Plus the chunk pipeline inside the node, 2·√(S · P / bw).
            const double seconds = static_cast<double>(s) / (algBw * 1e9)
                + 2 * std::sqrt(static_cast<double>(s) * kIntraNodePipelineUs * 1e-6 / (algBw * 1e9));
            QCOMPARE_LE(std::abs(nvls->bandwidthSeconds - seconds), 1e-6 * seconds);
        }
        // NVLS needs NVLink SHARP: a named error on a PCIe machine.
        const auto problems = validate(request(Collective::AllReduce, s, preset("pcie-gen4", 1, 4), Algorithm::Nvls));
        QCOMPARE(problems.size(), std::size_t { 1 });
        QCOMPARE(problems.front().field, std::string("algorithm"));
        QVERIFY(problems.front().rule.find("NVLink SHARP") != std::string::npos);
    }

    void fusedReductionGivesEqualBusBandwidth()
    {
        const auto t = preset("hgx-h200", 1, 8);
        const Bytes s = Bytes { 8 } << 30;
        const auto ar = predict(request(Collective::AllReduce, s, t, Algorithm::Ring));
        const auto rs = predict(request(Collective::ReduceScatter, s, t, Algorithm::Ring));
        const auto ag = predict(request(Collective::AllGather, s, t, Algorithm::Ring));
        QVERIFY(ar && rs && ag);
        QCOMPARE_LE(std::abs(ar->busBwGBps / ag->busBwGBps - 1), 0.01);
        QCOMPARE_LE(std::abs(rs->busBwGBps / ag->busBwGBps - 1), 1e-9);
    }

    void hostStagedPcieIsOneWayFasterThanBothWays()
    {
        const auto t = preset("pcie-nop2p", 1, 2);
        const Bytes s = Bytes { 1 } << 30;
        const auto bcast = predict(request(Collective::Broadcast, s, t));
        const auto ar = predict(request(Collective::AllReduce, s, t));
        QVERIFY(bcast && ar);
        QCOMPARE_LE(std::abs(bcast->busBwGBps / t.nccl.oneWayGBps - 1), 0.01);
        QCOMPARE_LE(std::abs(ar->busBwGBps / t.intra.bandwidthGBps - 1), 0.01);
        // No LL128 without NVLink.
        for (const auto& row : ncclTable(Collective::AllReduce, t))
            QVERIFY(row.protocol != Protocol::LL128);
    }

    void cpuRanksKeepTheAlphaBetaModel()
    {
        const auto t = preset("cpu-laptop", 1, 8);
        QVERIFY(ncclTable(Collective::AllReduce, t).empty());
        QVERIFY(predict(request(Collective::AllReduce, 1 << 20, t)));
    }
};

QTEST_GUILESS_MAIN(TestNcclTuning)
#include "tst_nccltuning.moc"
