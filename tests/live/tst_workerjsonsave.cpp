// SPDX-License-Identifier: MIT
// The worker's -J document on a full disk: the worker says which file and why on stderr, and the file keeps what
// it held. The full disk is RLIMIT_FSIZE in a forked child (SIGXFSZ ignored, so writes fail with EFBIG).
#include "live/worker/nccltestsjson.h"
#include "tests/common/filelimit.h"

#include <QtTest>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <sys/resource.h>
#include <sys/wait.h>
#include <system_error>
#include <unistd.h>

using namespace tutor;

namespace {

std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return { std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>() };
}

// What the child wrote to stderr while ending a run with an error under a 16-byte file-size limit; `failed`
// receives Output::failed() (which makes the worker exit OutputFailed).
std::string stderrOfFailedRun(const std::string& path, bool* failed = nullptr)
{
    static const std::string kFailed = "\n[output failed]";
    std::string out = testing::inChildWithFileLimit(16, [&] {
        live::NcclTestsJsonOutput output(path, { "commtutor-live", "-J", path }, {});
        output.error({ "args", "test", 2, -1 });
        std::fflush(stderr);
        return output.failed() ? kFailed : std::string();
    });
    const bool outputFailed = out.ends_with(kFailed);
    if (outputFailed)
        out.resize(out.size() - kFailed.size());
    if (failed)
        *failed = outputFailed;
    return out;
}

} // namespace

class TestWorkerJsonSave : public QObject {
    Q_OBJECT

private slots:
    void fullDiskIsReportedAndKeepsTheFile()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("run.json")).toStdString();
        std::ofstream(path) << "earlier document";
        bool failed = false;
        const std::string err = stderrOfFailedRun(path, &failed);
        QVERIFY(failed);
        QCOMPARE(err,
            "commtutor-live: -J " + path + ": cannot be written: " + std::generic_category().message(EFBIG)
                + " (the old file is kept)\n");
        QCOMPARE(readAll(path), std::string("earlier document"));
    }

    void withoutALimitTheDocumentIsWritten()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("run.json")).toStdString();
        {
            live::NcclTestsJsonOutput output(path, { "commtutor-live", "-J", path }, {});
            output.error({ "args", "test", 2, -1 });
        }
        QVERIFY(readAll(path).find("\"errors\"") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestWorkerJsonSave)
#include "tst_workerjsonsave.moc"
