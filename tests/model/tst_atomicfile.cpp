// SPDX-License-Identifier: MIT
// io::writeFileAtomically: the new bytes or a named error with the old file byte for byte; a full disk is
// simulated with RLIMIT_FSIZE in a forked child (SIGXFSZ ignored, so writes past the limit fail with EFBIG).
#include "model/io/atomicfile.h"
#include "tests/common/filelimit.h"

#include <QtTest>
#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <system_error>
#include <unistd.h>

using tutor::io::writeFileAtomically;
namespace fs = std::filesystem;

namespace {
using tutor::testing::inChildWithFileLimit;

std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return { std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>() };
}

void writePlain(const std::string& path, const std::string& bytes)
{
    std::ofstream(path, std::ios::binary) << bytes;
}

std::vector<std::string> entries(const std::string& dir)
{
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir))
        out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

std::string systemReason(int error)
{
    return std::generic_category().message(error);
}

} // namespace

class TestAtomicFile : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string dir() const { return m_dir.path().toStdString(); }

private slots:
    void init()
    {
        for (const auto& name : entries(dir()))
            fs::remove_all(fs::path(dir()) / name);
    }

    void writesANewFile()
    {
        const std::string path = dir() + "/new.json";
        QVERIFY(!writeFileAtomically(path, "{}\n"));
        QCOMPARE(readAll(path), std::string("{}\n"));
        QCOMPARE(entries(dir()), std::vector<std::string> { "new.json" });
    }

    void replacesAndKeepsPermissions()
    {
        const std::string path = dir() + "/scenario.json";
        writePlain(path, "old");
        fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
        QVERIFY(!writeFileAtomically(path, "new"));
        QCOMPARE(readAll(path), std::string("new"));
        QCOMPARE(
            fs::status(path).permissions(), fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
        QCOMPARE(entries(dir()), std::vector<std::string> { "scenario.json" });
    }

    void followsSymbolicLinks()
    {
        const std::string target = dir() + "/real.jsonl";
        const std::string link = dir() + "/link.jsonl";
        writePlain(target, "old");
        fs::create_symlink(target, link);
        QVERIFY(!writeFileAtomically(link, "new"));
        QVERIFY(fs::is_symlink(link));
        QCOMPARE(readAll(target), std::string("new"));
    }

    void writesDevicesInPlace() { QVERIFY(!writeFileAtomically("/dev/null", "bytes")); }

    // A full disk: the limit lets the temporary grow to 64 KiB, then write() fails with EFBIG.
    void fullDiskKeepsTheOldFile_data()
    {
        QTest::addColumn<bool>("hadOldFile");
        QTest::newRow("trace over an old 4 KiB trace") << true;
        QTest::newRow("trace where there was none") << false;
    }
    void fullDiskKeepsTheOldFile()
    {
        QFETCH(bool, hadOldFile);
        const std::string path = dir() + "/trace_rank3.json";
        const std::string old(4096, 'o');
        if (hadOldFile)
            writePlain(path, old);
        const std::string bytes(std::size_t { 1 } << 20, 'n');
        const std::string message = inChildWithFileLimit(64 << 10, [&] {
            const auto failure = writeFileAtomically(path, bytes);
            return failure ? failure->text() : std::string("written");
        });
        QCOMPARE(message,
            path + ": cannot be written: " + systemReason(EFBIG)
                + (hadOldFile ? " (the old file is kept)" : " (no file was created)"));
        if (hadOldFile) {
            QCOMPARE(readAll(path), old);
            QCOMPARE(entries(dir()), std::vector<std::string> { "trace_rank3.json" });
        } else {
            QVERIFY(entries(dir()).empty());
        }
    }

    // Places that cannot hold the file: the reason is the system's, the path the caller's.
    void unwritablePlaces_data()
    {
        QTest::addColumn<QString>("relative");
        QTest::addColumn<int>("error");
        QTest::addColumn<bool>("hadOldFile");
        QTest::newRow("a path under a file") << "plain/x.json" << ENOTDIR << false;
        QTest::newRow("a folder") << "folder" << EISDIR << true;
        QTest::newRow("a missing folder") << "missing/x.json" << ENOENT << false;
    }
    void unwritablePlaces()
    {
        QFETCH(QString, relative);
        QFETCH(int, error);
        QFETCH(bool, hadOldFile);
        writePlain(dir() + "/plain", "keep");
        fs::create_directory(dir() + "/folder");
        const std::string path = dir() + "/" + relative.toStdString();
        const auto failure = writeFileAtomically(path, "bytes");
        QVERIFY(failure);
        QCOMPARE(failure->path, path);
        QCOMPARE(failure->reason, systemReason(error));
        QCOMPARE(failure->hadOldFile, hadOldFile);
        QVERIFY(failure->text().starts_with(path + ": cannot be written: "));
        QCOMPARE(readAll(dir() + "/plain"), std::string("keep"));
        QCOMPARE(entries(dir()), (std::vector<std::string> { "folder", "plain" }));
    }

    void readOnlyFolderKeepsTheOldFile()
    {
        if (::geteuid() == 0)
            QSKIP("running as root: permission bits do not stop writes (the full-disk and path-under-a-file rows "
                  "cover the failure paths)");
        const std::string sub = dir() + "/ro";
        fs::create_directory(sub);
        const std::string path = sub + "/measurements.jsonl";
        writePlain(path, "old");
        ::chmod(sub.c_str(), 0555);
        const auto failure = writeFileAtomically(path, "new");
        ::chmod(sub.c_str(), 0755);
        QVERIFY(failure);
        QCOMPARE(failure->text(), path + ": cannot be written: " + systemReason(EACCES) + " (the old file is kept)");
        QCOMPARE(readAll(path), std::string("old"));
    }
};

QTEST_APPLESS_MAIN(TestAtomicFile)
#include "tst_atomicfile.moc"
