// SPDX-License-Identifier: MIT
// One GEMM's time in the step simulator's compute model (kernels.h, gemmSeconds) against closed forms recomputed here:
// the multiply-adds at η of peak over the SMs' waves, the operands' reads, the output's write.
#include "model/sim/kernels.h"
#include "tests/common/kernelscenarios.h"

#include <QtTest>
#include <cmath>

using namespace tutor::model;
using tutor::testing::preset;

class TestGemm : public QObject {
    Q_OBJECT
private slots:
    // A large GEMM is compute bound: 2mnk / (peak · η · wave), wave from 128×128 tiles over the SMs, then the
    // write of its m·n bf16 outputs at η_mem of the memory bandwidth, and one gap.
    void largeGemmIsComputeBound()
    {
        const auto hw = preset("hgx-h100");
        const double m = 8192, n = 8192, k = 8192;
        const double tiles = (m / 128) * (n / 128);
        const double waves = std::ceil(tiles / hw.compute.sms);
        const double wave = tiles / (waves * hw.compute.sms);
        const double write = m * n * 2 / (hw.compute.memoryGBps * 1e9 * hw.compute.memoryEfficiency);
        const double expected
            = 2 * m * n * k / (hw.peakFlops * hw.compute.gemmEfficiency * wave) + write + hw.compute.kernelGapUs * 1e-6;
        const double got = gemmSeconds(m, n, k, hw, hw.peakFlops, hw.compute.gemmEfficiency);
        QVERIFY2(std::abs(got / expected - 1) < 1e-12, qPrintable(QString::number(got)));
    }

    // The output's write follows the multiply-adds: a GEMM with k = 512 (a row-parallel projection under TP 8)
    // takes peak · η / (bandwidth · η_mem · k) longer than its multiply-adds alone, one with k = 8,192 sixteen times
    // less so. 132 × 32 tiles fill H100's 132 SMs exactly (no wave quantization).
    void shortGemmPaysItsWrite()
    {
        const auto hw = preset("hgx-h100");
        const double eta = hw.compute.gemmEfficiency;
        const double memory = hw.compute.memoryGBps * 1e9 * hw.compute.memoryEfficiency;
        const double gap = hw.compute.kernelGapUs * 1e-6;
        const double m = 128 * 132, n = 128 * 32;
        const auto stretch = [&](double k) {
            const double multiplyAdds = 2 * m * n * k / (hw.peakFlops * eta);
            return (gemmSeconds(m, n, k, hw, hw.peakFlops, eta) - gap) / multiplyAdds - 1;
        };
        const double shortK = stretch(512);
        const double longK = stretch(8192);
        QVERIFY2(std::abs(shortK - hw.peakFlops * eta / (memory * 512)) < 1e-9, qPrintable(QString::number(shortK)));
        QVERIFY2(std::abs(shortK / longK - 16) < 1e-6, qPrintable(QString::number(shortK / longK)));
        QVERIFY2(shortK > 0.3, qPrintable(QString::number(shortK))); // H100 bf16: about 0.4
    }

    // A matrix-vector product is memory bound: its operands' reads, then its output's write, at η_mem of the
    // memory bandwidth (each byte once).
    void thinGemmIsMemoryBound()
    {
        const auto hw = preset("dgx-a100");
        const double m = 1, n = 16384, k = 16384;
        const double bytes = (m * k + k * n + m * n) * 2;
        const double expected
            = bytes / (hw.compute.memoryGBps * 1e9 * hw.compute.memoryEfficiency) + hw.compute.kernelGapUs * 1e-6;
        const double got = gemmSeconds(m, n, k, hw, hw.peakFlops, hw.compute.gemmEfficiency);
        QVERIFY2(std::abs(got / expected - 1) < 1e-12, qPrintable(QString::number(got)));
    }

    // Wave quantization: 133 tiles on 132 SMs need two waves, so the GEMM takes about twice 132 tiles' time
    // (12 × 11 tiles against 7 × 19: the same work within 1 %).
    void waveQuantization()
    {
        const auto hw = preset("hgx-h100");
        QCOMPARE(hw.compute.sms, 132);
        const double k = 16384;
        const double one = gemmSeconds(128 * 12, 128 * 11, k, hw, hw.peakFlops, 0.7);
        const double two = gemmSeconds(128 * 7, 128 * 19, k, hw, hw.peakFlops, 0.7);
        QVERIFY2(two / one > 1.95 && two / one < 2.05, qPrintable(QString::number(two / one)));
    }
};

QTEST_APPLESS_MAIN(TestGemm)
#include "tst_gemm.moc"
