// SPDX-License-Identifier: MIT
// NCCL's tuning model across nodes: NVLSTree and CollNet availability, what the fabric's NCCL setup leaves auto,
// Send/Recv's own network bandwidth, and the network overrides with their named errors.

#include "tests/common/nccltuning.h"

#include <QtTest>
#include <cmath>

using namespace tutor::model;
using namespace tutor::model::testing;

class TestNcclTuningFabric : public QObject {
    Q_OBJECT
private slots:
    void nvlsTreeAndCollNetAcrossNodes()
    {
        // Each NVLSTree channel crosses the network through one NIC: a rack of 72 GPUs and 72 NICs uses `channels` of
        // them (tuning.cc: nChannels × the per-channel network bandwidth).
        const auto racks = preset("gb200-nvl72", 4, 72);
        const auto rackTable = ncclTable(Collective::AllReduce, racks);
        const auto& rackTree = rowOf(rackTable, Algorithm::NvlsTree, Protocol::Simple);
        const double channelNics = racks.nccl.channels * racks.inter.bandwidthGBps;
        QVERIFY(channelNics < racks.nicsPerNode * racks.inter.bandwidthGBps);
        QCOMPARE_LE(std::abs(rackTree.busBwGBps
                        - std::min(racks.nccl.nvlsBusGBps * 2 * 287 / 288 / (2 * 71.0 / 72), channelNics)),
            1e-9);
        // Where the network has room (p5: 32 EFA NICs per node), the switch bounds the algorithm bandwidth at NVLS's on
        // the node's 8 GPUs, A = nvlsBus / (2·7/8); in bus units of all 16 ranks that is 2·15/16·A, 15/14 of nvlsBus.
        const auto p5 = preset("aws-p5", 2, 8);
        const auto p5Table = ncclTable(Collective::AllReduce, p5);
        const auto& p5Tree = rowOf(p5Table, Algorithm::NvlsTree, Protocol::Simple);
        const double switchBound = p5.nccl.nvlsBusGBps * 15 / 14;
        const double nicBound = 2 * std::min(p5.interBandwidthPerNodeGBps(), p5.nccl.channels * p5.inter.bandwidthGBps);
        QVERIFY(switchBound < nicBound);
        QCOMPARE_LE(std::abs(p5Tree.busBwGBps - switchBound), 1e-9);
        const Bytes s = Bytes { 1 } << 30;
        const auto one = ncclTable(Collective::AllReduce, preset("hgx-h100", 1, 8));
        QVERIFY(!findRow(one, Algorithm::NvlsTree, Protocol::Simple));
        auto t = preset("hgx-h100", 4, 8);
        QVERIFY(findRow(ncclTable(Collective::AllReduce, t), Algorithm::NvlsTree, Protocol::Simple));
        QVERIFY(!findRow(ncclTable(Collective::AllReduce, t), Algorithm::CollNet, Protocol::Simple));
        const auto without = predict(request(Collective::AllReduce, s, t));
        t.nccl.collnet = true;
        const auto table = ncclTable(Collective::AllReduce, t);
        const auto& collnet = rowOf(table, Algorithm::CollNet, Protocol::Simple);
        // The switches reduce: the network bounds the bus bandwidth at 2 × the node's NICs (× .85 on Hopper).
        const double expected = 0.85 * std::min(t.nccl.nvlsBusGBps, 2 * 8 * t.inter.bandwidthGBps);
        QCOMPARE_LE(std::abs(collnet.busBwGBps - expected), 1e-9);
        // Its gain over the ring, which carries 2(n−1)/n·S per GPU across the network.
        const auto with = predict(request(Collective::AllReduce, s, t, Algorithm::CollNet));
        const auto ring = predict(request(Collective::AllReduce, s, t, Algorithm::Ring));
        QVERIFY(with && without && ring);
        QVERIFY(with->busBwGBps > 1.1 * ring->busBwGBps);

        // Without an NVSwitch (the GH200 quad's GPUs are joined point to point) NCCL has CollNet Chain, not Direct:
        // no .85 on the bus bandwidth (tuning.cc applies it to Direct alone), and a chain through the node's GPUs in
        // the latency.
        auto quad = preset("alps-gh200", 2, 4);
        QVERIFY(quad.nccl.nvlinkWithoutSwitch && quad.intra.kind == LinkKind::NVLink);
        quad.nccl.collnet = true;
        const auto quadTable = ncclTable(Collective::AllReduce, quad);
        const auto& chain = rowOf(quadTable, Algorithm::CollNet, Protocol::Simple);
        const double nodeNet = quad.nicsPerNode * quad.inter.bandwidthGBps * quad.nccl.netConcurrentShare;
        QCOMPARE_LE(std::abs(chain.busBwGBps - std::min(quad.intra.bandwidthGBps, 2 * nodeNet)), 1e-9);
        auto switched = quad;
        switched.nccl.nvlinkWithoutSwitch = false;
        const auto switchedTable = ncclTable(Collective::AllReduce, switched);
        const auto& direct = rowOf(switchedTable, Algorithm::CollNet, Protocol::Simple);
        QCOMPARE_LE(std::abs(direct.busBwGBps - 0.85 * chain.busBwGBps), 1e-9);
        QVERIFY(std::abs(direct.tunerLatency - chain.tunerLatency) > 1e-9);
    }

    void nvlsTreeShare_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<bool>("shared"); // the fabric leaves NVLS less than all of its rate (NCCL's IB verbs)
        QTest::newRow("InfiniBand") << "hgx-h100" << true;
        QTest::newRow("RoCE") << "roce-h100" << true;
        QTest::newRow("EFA") << "aws-p5" << false;
    }

    // Two 8-H100 nodes: the NVLSTree row is bound by NVLS inside the node, nvlsBus · 15/14 in bus units of 16 ranks
    // (the network has room). The time shown keeps the fabric's share of it; NCCL's tuner keeps all of it.
    void nvlsTreeShare()
    {
        QFETCH(QString, id);
        QFETCH(bool, shared);
        const auto t = preset(id.toStdString().c_str(), 2, 8);
        QCOMPARE(t.nccl.nvlsTreeShare < 1, shared);
        const auto table = ncclTable(Collective::AllReduce, t);
        const auto& tree = rowOf(table, Algorithm::NvlsTree, Protocol::Simple);
        const double switchBound = t.nccl.nvlsBusGBps * 15 / 14;
        QVERIFY(switchBound < 2 * ncclNodeNetGBps(t));
        QCOMPARE_LE(std::abs(tree.busBwGBps - t.nccl.nvlsTreeShare * switchBound), 1e-9);
        QCOMPARE_LE(std::abs(tree.tunerBwGBps - switchBound * 16 / 30), 1e-9);
        QCOMPARE_LE(std::abs(tree.bwGBps - tree.busBwGBps * 16 / 30), 1e-9);
        // At 8 GiB the transfer is nearly all of the time (32 ms against tens of µs of latency and pipeline), so the
        // time grows by 1/share.
        auto whole = t;
        whole.nccl.nvlsTreeShare = 1;
        const Bytes s = Bytes { 8 } << 30;
        const auto part = predict(request(Collective::AllReduce, s, t, Algorithm::NvlsTree));
        const auto all = predict(request(Collective::AllReduce, s, whole, Algorithm::NvlsTree));
        QVERIFY(part && all);
        QCOMPARE_LE(std::abs(part->totalSeconds / all->totalSeconds * t.nccl.nvlsTreeShare - 1), 5e-3);
    }

    // Any NCCL_ALGO / NCCL_PROTO pair of lists narrows auto across nodes and is named in its reason, not only the
    // setups the presets carry: auto picks an allowed pair, every row's `automatic` is what the lists allow, and
    // where the unrestricted winner is allowed it stays the winner.
    void anyFabricSetupNarrowsAutoAndSaysSo()
    {
        auto open = preset("hgx-h100", 2, 8);
        auto narrowed = open;
        narrowed.nccl.net = { .algorithms = { Algorithm::Ring, Algorithm::NvlsTree },
            .protocols = { Protocol::LL128, Protocol::Simple } };
        const auto setup = fabricSetup(narrowed);
        QVERIFY(fabricSetup(open).empty());
        for (const auto op : { Collective::AllReduce, Collective::AllGather }) {
            const auto openTable = ncclTable(op, open); // findRow points into it
            for (const auto& row : ncclTable(op, narrowed)) {
                const auto* same = findRow(openTable, row.algorithm, row.protocol);
                QVERIFY(same);
                QCOMPARE(row.automatic, same->automatic && setup.allows(row.algorithm, row.protocol));
            }
            for (const Bytes size : { Bytes { 8 }, Bytes { 64 } << 10, Bytes { 1 } << 20, Bytes { 1 } << 30 }) {
                const auto c = predict(request(op, size, narrowed));
                const auto free = predict(request(op, size, open));
                QVERIFY(c && free);
                QVERIFY2(setup.allows(c->algorithm, c->protocol), c->reason.c_str());
                if (setup.allows(free->algorithm, free->protocol)) {
                    QCOMPARE(c->algorithm, free->algorithm);
                    QCOMPARE(c->protocol, free->protocol);
                }
                QVERIFY2(c->reason.find("; this fabric's NCCL setup allows only the LL128 and Simple protocols "
                                        "(NCCL_PROTO); this fabric's NCCL setup allows only ring and nvlstree "
                                        "(NCCL_ALGO)")
                        != std::string::npos,
                    c->reason.c_str());
                QVERIFY(free->reason.find("allows only") == std::string::npos);
            }
        }
        // Inside one node the lists do not apply.
        auto one = preset("hgx-h100", 1, 8);
        one.nccl.net = narrowed.nccl.net;
        QVERIFY(fabricSetup(one).empty());
        const auto nvls = predict(request(Collective::AllReduce, Bytes { 1 } << 30, one));
        QVERIFY(nvls);
        QCOMPARE(nvls->algorithm, Algorithm::Nvls);
    }

    // A fabric's NCCL setup across nodes: aws-ofi-nccl sets NCCL_PROTO=simple on p4d; Google's A3 Mega profile sets
    // Simple, Ring,Tree and no NVLS. Auto keeps to them; inside one node, and by hand, the other rows still run.
    void fabricSetupLimitsAutoAcrossNodes()
    {
        const auto p4d = preset("aws-p4d", 2, 8);
        const auto small = predict(request(Collective::AllReduce, 8, p4d));
        QVERIFY(small);
        QCOMPARE(small->protocol, Protocol::Simple);
        QCOMPARE(small->algorithm, Algorithm::DoubleBinaryTree);
        // Tree/Simple: 8.4 + 2·((g−1)·4.0 + log2(2)·(14 + 2·net)) µs + the launch (the α's are NCCL's own here).
        const double net = p4d.nccl.netLatencyUs;
        const double lat = (8.4 + 2 * (7 * 4.0 + (14.0 + 2 * net)) + p4d.nccl.launchUs) * 1e-6;
        QCOMPARE_LE(std::abs(small->latencySeconds - lat), 1e-9);
        auto explained = request(Collective::AllReduce, 8, p4d);
        explained.explain = true;
        const auto why = predict(explained);
        QVERIFY(why);
        QVERIFY2(why->reason.find("NCCL_PROTO") != std::string::npos, why->reason.c_str());
        const auto table = ncclTable(Collective::AllReduce, p4d);
        QVERIFY(!rowOf(table, Algorithm::DoubleBinaryTree, Protocol::LL).automatic);
        QVERIFY(rowOf(table, Algorithm::Ring, Protocol::Simple).automatic);
        auto forced = request(Collective::AllReduce, 8, p4d, Algorithm::DoubleBinaryTree);
        forced.protocol = Protocol::LL;
        const auto ll = predict(forced);
        QVERIFY(ll);
        QVERIFY(ll->totalSeconds < small->totalSeconds);
        const auto oneNode = predict(request(Collective::AllReduce, 8, preset("aws-p4d", 1, 8)));
        QVERIFY(oneNode);
        QCOMPARE(oneNode->protocol, Protocol::LL);

        // A tree on two nodes sends S per direction on each node's NICs, a ring 2(n−1)/n·S: the tree's network bound
        // is 2(n−1)/n times the ring's in the time shown, while NCCL's tuner keeps its own figure. EFA's NICs keep the
        // share measured on InfiniBand and RoCE while all of them stream.
        QCOMPARE(p4d.nccl.netConcurrentShare, preset("hgx-h100", 2, 8).nccl.netConcurrentShare);
        QVERIFY(p4d.nccl.netConcurrentShare < 1);
        const double nics = p4d.nicsPerNode * p4d.inter.bandwidthGBps * p4d.nccl.netConcurrentShare;
        const auto& tree = rowOf(table, Algorithm::DoubleBinaryTree, Protocol::Simple);
        QCOMPARE_LE(std::abs(tree.busBwGBps - 0.92 * std::min(p4d.intra.bandwidthGBps, nics * 2 * 15 / 16)), 1e-9);
        QCOMPARE_LE(std::abs(tree.tunerBwGBps - 0.5 * 0.92 * std::min(p4d.intra.bandwidthGBps, nics)), 1e-9);
        QCOMPARE_LE(std::abs(tree.bwGBps - 0.5 * tree.busBwGBps), 1e-9);
        const auto pair = ncclTable(Collective::AllReduce, preset("aws-p4d", 2, 1));
        const auto& chain = rowOf(pair, Algorithm::DoubleBinaryTree, Protocol::Simple);
        QCOMPARE_LE(std::abs(chain.bwGBps - chain.tunerBwGBps), 1e-9); // two ranks: the tree sends what a ring does

        const Bytes big = Bytes { 1 } << 30;
        // A3 Mega's tuner plugin chooses by the time the call takes: the tree, where NCCL's estimate takes the ring.
        auto a3Topology = preset("gcp-a3-mega", 2, 8);
        const auto plugin = predict(request(Collective::AllReduce, big, a3Topology));
        a3Topology.nccl.net.tunerPlugin = false;
        const auto estimate = predict(request(Collective::AllReduce, big, a3Topology));
        QVERIFY(plugin && estimate);
        QCOMPARE(plugin->algorithm, Algorithm::DoubleBinaryTree);
        QCOMPARE(estimate->algorithm, Algorithm::Ring);
        QVERIFY(plugin->totalSeconds < estimate->totalSeconds);
        const auto a3 = predict(request(Collective::AllReduce, big, preset("gcp-a3-mega", 2, 8)));
        QVERIFY(a3);
        QVERIFY(a3->algorithm == Algorithm::Ring || a3->algorithm == Algorithm::DoubleBinaryTree);
        QCOMPARE(a3->protocol, Protocol::Simple);
        const auto h100 = predict(request(Collective::AllReduce, big, preset("hgx-h100", 2, 8)));
        QVERIFY(h100);
        QCOMPARE(h100->algorithm, Algorithm::NvlsTree);
        const auto a3One = predict(request(Collective::AllReduce, big, preset("gcp-a3-mega", 1, 8)));
        QVERIFY(a3One);
        QCOMPARE(a3One->algorithm, Algorithm::Nvls);

        // A3 High's TCPX setup (NCCL_ALGO=Ring, NCCL_PROTO=Simple) leaves auto the ring with Simple at every size
        // across nodes, and says why; inside one node NCCL's own rules stand (NVLS on all 8 GPUs).
        const auto high = preset("gcp-a3-high", 2, 8);
        QVERIFY(fabricSetup(high).algorithms == EnumSet<Algorithm>({ Algorithm::Ring }));
        QVERIFY(fabricSetup(preset("gcp-a3-high", 1, 8)).empty());
        QVERIFY(fabricSetup(preset("gcp-a3-mega", 2, 8)).algorithms.contains(Algorithm::DoubleBinaryTree));
        for (const Bytes size : { Bytes { 8 }, Bytes { 1 } << 20, big }) {
            const auto c = predict(request(Collective::AllReduce, size, high));
            QVERIFY(c);
            QCOMPARE(c->algorithm, Algorithm::Ring);
            QCOMPARE(c->protocol, Protocol::Simple);
            QVERIFY(c->reason.find("allows only ring (NCCL_ALGO)") != std::string::npos);
        }
        for (const auto& row : ncclTable(Collective::AllReduce, high))
            QCOMPARE(row.automatic, row.algorithm == Algorithm::Ring && row.protocol == Protocol::Simple);
        // Its figures come from the SkyPilot TCPX table (2 × a3-highgpu-8g AllReduce): 66.2 GB/s busbw at 1 GiB and
        // 1.33 GB/s at 1 MiB, i.e. 1.48 ms (algbw = busbw · 16 / 30).
        const auto gib = predict(request(Collective::AllReduce, big, high));
        const auto mib = predict(request(Collective::AllReduce, Bytes { 1 } << 20, high));
        QVERIFY(gib && mib);
        QCOMPARE_LE(std::abs(gib->busBwGBps / 66.2 - 1), 0.05);
        QCOMPARE_LE(std::abs(mib->totalSeconds / (double(Bytes { 1 } << 20) / (1.33e9 * 16 / 30)) - 1), 0.15);
        const auto highOne = predict(request(Collective::AllReduce, big, preset("gcp-a3-high", 1, 8)));
        QVERIFY(highOne);
        QCOMPARE(highOne->algorithm, Algorithm::Nvls);
    }

    // Quad GH200 nodes on Slingshot-11 (CSCS Alps): no NVSwitch, so no NVLS on a node; LL128 stays off across nodes
    // (the NIC sits behind the Grace CPU; CSCS sets NCCL_PROTO=^LL128) but not inside one; a ring across nodes is
    // bound by the node's four NICs at the fitted share each keeps while all stream.
    void slingshotQuadGh200()
    {
        const auto one = preset("alps-gh200", 1, 4);
        QVERIFY(!one.nvls);
        const auto oneTable = ncclTable(Collective::AllReduce, one);
        QVERIFY(findRow(oneTable, Algorithm::Nvls, Protocol::Simple) == nullptr);
        QVERIFY(rowOf(oneTable, Algorithm::Ring, Protocol::LL128).automatic);
        QVERIFY(fabricSetup(one).empty());

        const auto four = preset("alps-gh200", 4, 4);
        QVERIFY(fabricSetup(four).protocols == EnumSet<Protocol>({ Protocol::LL, Protocol::Simple }));
        for (const auto& row : ncclTable(Collective::AllReduce, four))
            QCOMPARE(row.automatic, row.protocol != Protocol::LL128);
        const auto fourTable = ncclTable(Collective::AllReduce, four);
        const auto& ring = rowOf(fourTable, Algorithm::Ring, Protocol::Simple);
        const double nics = four.nicsPerNode * four.inter.bandwidthGBps * four.nccl.netConcurrentShare;
        QCOMPARE_LE(std::abs(ring.busBwGBps - std::min(four.intra.bandwidthGBps, nics)), 1e-9);
        QVERIFY(nics < four.intra.bandwidthGBps); // the network bounds it
        auto explained = request(Collective::AllReduce, Bytes { 1 } << 22, four);
        explained.explain = true;
        const auto why = predict(explained);
        QVERIFY(why);
        QVERIFY(why->protocol != Protocol::LL128);
        QVERIFY2(why->reason.find("NCCL_PROTO") != std::string::npos, why->reason.c_str());

        // An LL call across Slingshot of netLlStepBytes or more pays netLlStepUs per network step on its critical
        // path: a tree's 2·log2(nodes) up and down, a ring AllReduce's 2(nodes − 1); smaller calls, Simple calls and
        // calls inside one node pay nothing of it.
        QVERIFY(four.nccl.netLlStepUs > 0 && four.nccl.netLlStepBytes > 1024);
        const auto& treeLl = rowOf(fourTable, Algorithm::DoubleBinaryTree, Protocol::LL);
        const auto& ringLl = rowOf(fourTable, Algorithm::Ring, Protocol::LL);
        QCOMPARE(treeLl.networkSteps, 2 * 2);
        QCOMPARE(ringLl.networkSteps, 2 * (4 - 1));
        const auto at = static_cast<Bytes>(four.nccl.netLlStepBytes);
        for (const auto* row : { &treeLl, &ringLl }) {
            const auto big = ncclTime(*row, Collective::AllReduce, at, four);
            QCOMPARE_LE(std::abs(big.llNetSteps - row->networkSteps * four.nccl.netLlStepUs * 1e-6), 1e-12);
            QCOMPARE_LE(
                std::abs(big.total() - (big.latency + big.transfer + big.pipeline + big.treeFill + big.llNetSteps)),
                1e-15);
            QVERIFY(ncclFormula(*row, big, at, four).find("LL across the network") != std::string::npos);
            QCOMPARE(ncclTime(*row, Collective::AllReduce, at - 1, four).llNetSteps, 0.0);
        }
        QCOMPARE(
            ncclTime(rowOf(fourTable, Algorithm::Ring, Protocol::Simple), Collective::AllReduce, at, four).llNetSteps,
            0.0);
        const auto& oneLl = rowOf(oneTable, Algorithm::Ring, Protocol::LL);
        QCOMPARE(oneLl.networkSteps, 0);
        QCOMPARE(ncclTime(oneLl, Collective::AllReduce, at, one).llNetSteps, 0.0);
    }

    // A Simple tree AllReduce across Slingshot pays netTreeChunkUs for each chunk a channel streams at each network
    // step. Worked out by hand for 64 nodes of 4 (32 channels, tree depth 3 + 6 = 9, 12 network steps): 128 MiB is
    // 4 MiB per channel, halved from 512 KiB while fewer than 72 chunks (to 128 KiB) and then fewer than 36 (to 64
    // KiB): 64 chunks; 1 GiB is 32 MiB per channel, 128 chunks of 256 KiB.
    void slingshotTreeChunks_data()
    {
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<int>("chunks");
        QTest::newRow("128 MiB") << (qint64 { 128 } << 20) << 64;
        QTest::newRow("1 GiB") << (qint64 { 1 } << 30) << 128;
    }

    void slingshotTreeChunks()
    {
        QFETCH(qint64, bytes);
        QFETCH(int, chunks);
        const auto alps = preset("alps-gh200", 64, 4);
        QCOMPARE(alps.nccl.channels, 16);
        QVERIFY(alps.nccl.netTreeChunkUs > 0);
        const auto table = ncclTable(Collective::AllReduce, alps);
        const auto& tree = rowOf(table, Algorithm::DoubleBinaryTree, Protocol::Simple);
        QCOMPARE(tree.networkSteps, 12);
        const auto time = ncclTime(tree, Collective::AllReduce, bytes, alps);
        QCOMPARE_LE(std::abs(time.treeNetChunks - chunks * 12 * alps.nccl.netTreeChunkUs * 1e-6), 1e-12);
        QCOMPARE_LE(std::abs(time.total()
                        - (time.latency + time.transfer + time.pipeline + time.treeFill + time.treeNetChunks)),
            1e-15);
        QVERIFY(ncclFormula(tree, time, bytes, alps).find("tree chunks across the network") != std::string::npos);
        // NCCL's tuner does not know it: its estimate and so auto's choice are those without it.
        auto without = alps;
        without.nccl.netTreeChunkUs = 0;
        const auto plain = ncclTime(tree, Collective::AllReduce, bytes, without);
        QCOMPARE(plain.treeNetChunks, 0.0);
        QCOMPARE_LE(std::abs(time.tuner - plain.tuner), 1e-15);
        QCOMPARE_LE(std::abs(time.total() - plain.total() - time.treeNetChunks), 1e-12);
        // Rings, the tree's other protocols, one node and fabrics without the figure pay nothing of it.
        const auto chunkCost = [&](const Topology& machine, Algorithm algorithm, Protocol protocol) {
            const auto rows = ncclTable(Collective::AllReduce, machine);
            return ncclTime(rowOf(rows, algorithm, protocol), Collective::AllReduce, bytes, machine).treeNetChunks;
        };
        QCOMPARE(chunkCost(alps, Algorithm::Ring, Protocol::Simple), 0.0);
        QCOMPARE(chunkCost(alps, Algorithm::DoubleBinaryTree, Protocol::LL), 0.0);
        QCOMPARE(chunkCost(preset("alps-gh200", 1, 4), Algorithm::DoubleBinaryTree, Protocol::Simple), 0.0);
        QCOMPARE(chunkCost(preset("hgx-h100", 64, 8), Algorithm::DoubleBinaryTree, Protocol::Simple), 0.0);
        QCOMPARE_LE(
            std::abs(chunkCost(alps, Algorithm::DoubleBinaryTree, Protocol::Simple) - time.treeNetChunks), 1e-15);
    }

    // The fabric's NCCL setup narrows only what is left to choose: a protocol left to auto keeps to NCCL_PROTO under a
    // forced algorithm (p4d's ring stays Simple at every size), and a protocol forced by hand overrides it, as setting
    // NCCL_PROTO yourself does (auto then picks among the algorithms that run LL), the reason naming only what
    // narrowed.
    void forcedChoicesKeepTheRestOfTheSetup()
    {
        const auto p4d = preset("aws-p4d", 2, 8);
        for (const Bytes size : { Bytes { 8 }, Bytes { 1 } << 15, Bytes { 1 } << 23, Bytes { 1 } << 30 }) {
            auto ring = request(Collective::AllReduce, size, p4d, Algorithm::Ring);
            ring.explain = true;
            const auto c = predict(ring);
            QVERIFY(c);
            QCOMPARE(c->algorithm, Algorithm::Ring);
            QCOMPARE(c->protocol, Protocol::Simple);
            QVERIFY2(c->reason.find("NCCL_PROTO") != std::string::npos, c->reason.c_str());
        }
        auto ll = request(Collective::AllReduce, 8, p4d);
        ll.protocol = Protocol::LL;
        ll.explain = true;
        const auto byHand = predict(ll);
        QVERIFY2(byHand, byHand ? "" : toText(byHand.problems()).c_str());
        QCOMPARE(byHand->protocol, Protocol::LL);
        QVERIFY(byHand->algorithm == Algorithm::Ring || byHand->algorithm == Algorithm::DoubleBinaryTree);
        QVERIFY2(byHand->reason.find("NCCL_PROTO") == std::string::npos, byHand->reason.c_str());
        // Its time is that pair's own row.
        const auto p4dTable = ncclTable(Collective::AllReduce, p4d);
        const auto& row = rowOf(p4dTable, byHand->algorithm, Protocol::LL);
        QCOMPARE_LE(std::abs(byHand->latencySeconds - row.latency), 1e-12);
        // A3 High's NCCL_ALGO=Ring gives way to a tree forced by hand; its NCCL_PROTO=Simple still holds.
        const auto tree
            = predict(request(Collective::AllReduce, 8, preset("gcp-a3-high", 2, 8), Algorithm::DoubleBinaryTree));
        QVERIFY(tree);
        QCOMPARE(tree->algorithm, Algorithm::DoubleBinaryTree);
        QCOMPARE(tree->protocol, Protocol::Simple);
    }

    void sendRecvAcrossNodesUsesItsOwnBandwidth()
    {
        const auto t = preset("hgx-h100", 2, 8);
        const Bytes s = Bytes { 1 } << 30;
        const auto c = predict(request(Collective::SendRecv, s, t));
        QVERIFY(c);
        QCOMPARE_LE(std::abs(c->bandwidthSeconds - static_cast<double>(s) / (t.nccl.p2pNetGBps * 1e9)), 1e-9);
    }

    void overridesAndNamedErrors()
    {
        TopologySpec spec;
        spec.preset = "hgx-h100";
        spec.nodes = 2;
        spec.interAlphaMicroseconds = 30;
        spec.interBandwidthGBps = 25;
        spec.nicsPerNode = 4;
        spec.fabric = "roce";
        auto t = buildTopology(spec);
        QVERIFY(t);
        QCOMPARE(t->inter.alphaSeconds, 30e-6);
        QCOMPARE(t->inter.bandwidthGBps, 25.0);
        QCOMPARE(t->nicsPerNode, 4);
        QCOMPARE(t->inter.kind, LinkKind::RoCE);
        QCOMPARE(t->intra.alphaSeconds, 3.4e-6); // the intra link is untouched
        auto intraSpec = spec;
        intraSpec.intraAlphaMicroseconds = 1.5;
        intraSpec.intraBandwidthGBps = 200;
        const auto intra = buildTopology(intraSpec);
        QVERIFY(intra);
        QCOMPARE(intra->intra.alphaSeconds, 1.5e-6);
        QCOMPARE(intra->intra.bandwidthGBps, 200.0);
        QCOMPARE(intra->inter.alphaSeconds, 30e-6);
        intraSpec.intraBandwidthGBps = -1;
        const auto badIntra = buildTopology(intraSpec);
        QVERIFY(!badIntra);
        QVERIFY(toText(badIntra.problems()).find("intra_bw_GBps = -1") != std::string::npos);
        // The ring's bus bandwidth across nodes follows the overrides: 4 NICs × 25 GB/s, each at the preset's share
        // while all stream.
        QCOMPARE_LE(std::abs(rowOf(ncclTable(Collective::AllReduce, *t), Algorithm::Ring, Protocol::Simple).busBwGBps
                        - 100.0 * t->nccl.netConcurrentShare),
            1e-9);
        spec.fabric = "myrinet";
        spec.nicsPerNode = 0;
        const auto bad = buildTopology(spec);
        QVERIFY(!bad);
        const auto text = toText(bad.problems());
        QVERIFY2(text.find("fabric") != std::string::npos && text.find("myrinet") != std::string::npos, text.c_str());
        QVERIFY2(text.find("nics_per_node") != std::string::npos, text.c_str());
    }
};

QTEST_GUILESS_MAIN(TestNcclTuningFabric)
#include "tst_nccltuning_fabric.moc"
