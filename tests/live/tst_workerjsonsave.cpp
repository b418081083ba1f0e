// SPDX-License-Identifier: MIT
// The worker's -J document on a full disk: the worker says which file and why on stderr, and the file keeps what
// it held. The full disk is RLIMIT_FSIZE in a forked child (SIGXFSZ ignored, so writes fail with EFBIG).
#include "live/worker/nccltestsjson.h"

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

// What the child wrote to stderr while ending a run with an error under a 16-byte file-size limit.
// The child exits 1 when the output says a file failed (Output::failed(), which makes the worker exit
// OutputFailed), 0 otherwise; `failed` receives that.
std::string stderrOfFailedRun(const std::string& path, bool* failed = nullptr)
{
    int fds[2];
    if (::pipe(fds) != 0)
        return "pipe failed";
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(fds[0]);
        ::dup2(fds[1], STDERR_FILENO);
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit limit {};
        ::getrlimit(RLIMIT_FSIZE, &limit);
        limit.rlim_cur = 16;
        ::setrlimit(RLIMIT_FSIZE, &limit);
        live::NcclTestsJsonOutput output(path, { "commtutor-live", "-J", path }, {});
        output.error({ "args", "test", 2, -1 });
        std::fflush(stderr);
        ::_exit(output.failed() ? 1 : 0);
    }
    ::close(fds[1]);
    std::string out;
    char buffer[4096];
    ssize_t n = 0;
    while ((n = ::read(fds[0], buffer, sizeof buffer)) > 0)
        out.append(buffer, static_cast<std::size_t>(n));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (failed)
        *failed = WIFEXITED(status) && WEXITSTATUS(status) == 1;
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
