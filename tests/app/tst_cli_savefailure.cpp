// SPDX-License-Identifier: MIT
// Files the command line writes, on a full disk: the command names each file and the reason, exits non-zero
// and leaves every old file byte for byte. The full disk is RLIMIT_FSIZE in a forked child (SIGXFSZ ignored, so
// writes past the limit fail with EFBIG, "File too large", as a full disk fails with ENOSPC).
#include "app/cli/commands.h"
#include "model/measure/measurement.h"
#include "model/sim/scenarioio.h"
#include "tests/common/filelimit.h"

#include <QtTest>
#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <sys/resource.h>
#include <sys/wait.h>
#include <system_error>
#include <unistd.h>

using namespace tutor;
namespace fs = std::filesystem;

namespace {

// Small enough that no file the commands write fits.
constexpr rlim_t kFileLimitBytes = 16;

std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return { std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>() };
}

std::string scenario(const char* file)
{
    const QByteArray dir = qgetenv("TUTOR_SOURCE_DIR");
    return (dir.isEmpty() ? std::string(".") : dir.toStdString()) + "/assets/scenarios/" + file;
}

struct Outcome {
    int code = -1;
    std::string err;
};

// Runs `body` in a forked child with the file-size limit; the child sends back "<code>\n<stderr>".
Outcome inChildWithFileLimit(const std::function<Outcome()>& body)
{
    const std::string out = testing::inChildWithFileLimit(kFileLimitBytes, [&] {
        const Outcome o = body();
        return std::to_string(o.code) + "\n" + o.err;
    });
    const auto newline = out.find('\n');
    if (newline == std::string::npos)
        return {};
    return { std::stoi(out.substr(0, newline)), out.substr(newline + 1) };
}

Outcome cli(std::vector<std::string> args)
{
    args.insert(args.begin(), "commtutor-cli");
    std::ostringstream out, err;
    const int code = app::cli::dispatch(args, out, err);
    return { code, err.str() };
}

std::string fullDisk(const std::string& path)
{
    return path + ": cannot be written: " + std::generic_category().message(EFBIG) + " (the old file is kept)";
}

} // namespace

class TestCliSaveFailure : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string dir() const { return m_dir.path().toStdString(); }

private slots:
    // Every output option of simulate: the files written once, then marked as old, then written on a full disk.
    void simulateOutputs_data()
    {
        QTest::addColumn<QString>("option");
        QTest::newRow("--trace-dir (per-rank Kineto traces)") << "--trace-dir";
        QTest::newRow("--trace (Chrome trace)") << "--trace";
        QTest::newRow("--csv (events and metrics)") << "--csv";
    }
    void simulateOutputs()
    {
        QFETCH(QString, option);
        const std::string target = dir() + "/" + option.mid(2).toStdString();
        fs::remove_all(target);
        const std::vector<std::string> args { "simulate", scenario("default.json"), option.toStdString(), target };
        QCOMPARE(cli(args).code, 0);

        std::vector<std::string> files;
        if (fs::is_directory(target)) {
            for (const auto& e : fs::directory_iterator(target))
                files.push_back(e.path().string());
        } else {
            files.push_back(target);
            if (fs::exists(target + ".metrics.csv"))
                files.push_back(target + ".metrics.csv");
        }
        QVERIFY(!files.empty());
        for (const auto& f : files)
            std::ofstream(f, std::ios::binary | std::ios::trunc) << "old bytes of " << f;

        const Outcome o = inChildWithFileLimit([&] { return cli(args); });
        QCOMPARE(o.code, 1);
        for (const auto& f : files) {
            QVERIFY2(o.err.find(fullDisk(f)) != std::string::npos, o.err.c_str());
            QCOMPARE(readAll(f), "old bytes of " + f);
        }
        // No temporary left beside the old files.
        const fs::path folder = fs::is_directory(target) ? fs::path(target) : fs::path(target).parent_path();
        for (const auto& e : fs::directory_iterator(folder))
            QVERIFY2(e.path().filename().string().find(".tmp-") == std::string::npos, e.path().c_str());
    }

    // The model's save functions the window and the command line share.
    void scenarioAndMeasurementSaves()
    {
        const auto loaded = model::loadScenario(scenario("default.json"));
        QVERIFY(loaded);
        const std::string scenarioPath = dir() + "/scenario.json";
        const std::string measurementsPath = dir() + "/measurements.jsonl";
        std::ofstream(scenarioPath) << "old scenario";
        std::ofstream(measurementsPath) << "old measurements";
        model::Measurement m;
        m.bytes = 1 << 20;
        m.ranks = 2;
        m.timeSeconds = 1e-4;
        const std::vector<model::Measurement> rows(100, m);
        const Outcome o = inChildWithFileLimit([&] {
            std::string err = model::toText(model::saveScenario(*loaded, scenarioPath)) + "\n"
                + model::toText(model::saveMeasurements(measurementsPath, rows));
            return Outcome { 0, err };
        });
        QCOMPARE(o.err, fullDisk(scenarioPath) + "\n" + fullDisk(measurementsPath));
        QCOMPARE(readAll(scenarioPath), std::string("old scenario"));
        QCOMPARE(readAll(measurementsPath), std::string("old measurements"));
    }

    // A path under a file: nothing can be created there; named, with the old trace elsewhere untouched.
    void pathUnderAFile()
    {
        const std::string plain = dir() + "/plain";
        std::ofstream(plain) << "keep";
        const std::string path = plain + "/trace.json";
        const Outcome o = cli({ "simulate", scenario("default.json"), "--trace", path });
        QCOMPARE(o.code, 1);
        QCOMPARE(o.err,
            path + ": cannot be written: " + std::generic_category().message(ENOTDIR) + " (no file was created)\n");
        QCOMPARE(readAll(plain), std::string("keep"));
    }
};

QTEST_APPLESS_MAIN(TestCliSaveFailure)
#include "tst_cli_savefailure.moc"
