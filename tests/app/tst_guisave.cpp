// SPDX-License-Identifier: MIT
// The window's saves on a full disk and in places that cannot hold a file: each returns a message naming the
// file and the reason, and the old file keeps its bytes. The full disk is a lowered RLIMIT_FSIZE soft limit
// (SIGXFSZ ignored, so writes past it fail with EFBIG, "File too large"), restored after each save.
#include "app/gui/lessons/lessonprogress.h"
#include "app/gui/livelab/hardwareprofile.h"
#include "app/gui/livelab/livelabsession.h"
#include "app/gui/savefile.h"
#include "model/collectives/hardware.h"

#include <QImage>
#include <QtTest>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <functional>
#include <sys/resource.h>
#include <unistd.h>

using namespace tutor;

namespace {

// Small enough that no file saved here fits.
constexpr rlim_t kFileLimitBytes = 16;

// The process's file-size limit lowered for one scope.
class FullDisk {
public:
    FullDisk()
    {
        m_handler = std::signal(SIGXFSZ, SIG_IGN);
        ::getrlimit(RLIMIT_FSIZE, &m_saved);
        rlimit lowered = m_saved;
        lowered.rlim_cur = kFileLimitBytes;
        ::setrlimit(RLIMIT_FSIZE, &lowered);
    }
    ~FullDisk()
    {
        ::setrlimit(RLIMIT_FSIZE, &m_saved);
        std::signal(SIGXFSZ, m_handler);
    }
    FullDisk(const FullDisk&) = delete;
    FullDisk& operator=(const FullDisk&) = delete;

private:
    rlimit m_saved {};
    void (*m_handler)(int) = nullptr;
};

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writePlain(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

using Save = std::function<QString(const QString& path)>;

QString saveProgress(const QString& path)
{
    app::LessonProgress progress(path);
    progress.markLessonDone(QStringLiteral("ring-allreduce"));
    progress.markStepReached(QStringLiteral("ring-allreduce"), 3);
    QString error;
    return progress.save(&error) ? QString() : error;
}

QString saveProfile(const QString& path)
{
    return app::saveCustomProfile(model::presets().front(), path);
}

QString saveMeasurements(const QString& path)
{
    QTemporaryDir journal;
    app::LiveLabSession session(nullptr, journal.filePath(QStringLiteral("live-run.jsonl")));
    model::Measurement m;
    m.bytes = 1 << 20;
    m.ranks = 2;
    m.timeSeconds = 1e-4;
    session.setMeasurements(std::vector<model::Measurement>(20, m), QStringLiteral("test"));
    return session.saveMeasurements(path);
}

QString saveImage(const QString& path)
{
    QImage image(64, 64, QImage::Format_RGB32);
    image.fill(Qt::darkCyan);
    return app::saveImageAtomically(image, path, "PNG");
}

QString saveBytes(const QString& path)
{
    return app::saveFileAtomically(path, QByteArray(4096, 'n'));
}

} // namespace

Q_DECLARE_METATYPE(Save)

class TestGuiSave : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void saves_data()
    {
        QTest::addColumn<Save>("save");
        QTest::addColumn<QString>("name");
        QTest::newRow("progress.json") << Save(saveProgress) << "progress.json";
        QTest::newRow("hardware profile") << Save(saveProfile) << "custom-hardware.json";
        QTest::newRow("measurements") << Save(saveMeasurements) << "live.jsonl";
        QTest::newRow("exported view (PNG)") << Save(saveImage) << "view.png";
        QTest::newRow("exported view (SVG bytes)") << Save(saveBytes) << "view.svg";
    }

    // Without a limit each save succeeds (the baseline the failure rows are measured against).
    void saves()
    {
        QFETCH(Save, save);
        QFETCH(QString, name);
        const QString path = m_dir.filePath(QStringLiteral("ok-") + name);
        QCOMPARE(save(path), QString());
        QVERIFY(QFileInfo(path).size() > qint64(kFileLimitBytes));
    }

    void fullDiskKeepsTheOldFile_data() { saves_data(); }
    void fullDiskKeepsTheOldFile()
    {
        QFETCH(Save, save);
        QFETCH(QString, name);
        const QString path = m_dir.filePath(name);
        const QByteArray old = "old bytes of " + name.toUtf8();
        writePlain(path, old);
        QString error;
        {
            FullDisk full;
            error = save(path);
        }
        QVERIFY2(error.startsWith(path + QStringLiteral(": cannot be written: ")), qPrintable(error));
        QVERIFY2(error.contains(QString::fromLocal8Bit(std::strerror(EFBIG))), qPrintable(error));
        QVERIFY2(error.endsWith(QStringLiteral("(the old file is kept)")), qPrintable(error));
        QCOMPARE(readAll(path), old);
        // Nothing left beside it: QSaveFile cancelled its temporary, the model's writer removed its own.
        const QStringList left = QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden);
        for (const QString& f : left)
            QVERIFY2(!f.startsWith(name + QLatin1Char('.')) && !f.contains(QStringLiteral(".tmp-")), qPrintable(f));
    }

    // A path under a regular file: nothing can be created, the message names the path and the reason.
    void pathUnderAFile_data() { saves_data(); }
    void pathUnderAFile()
    {
        QFETCH(Save, save);
        QFETCH(QString, name);
        const QString plain = m_dir.filePath(QStringLiteral("plain"));
        writePlain(plain, "keep");
        const QString path = plain + QLatin1Char('/') + name;
        const QString error = save(path);
        QVERIFY2(error.startsWith(path + QStringLiteral(": cannot be written: ")), qPrintable(error));
        QVERIFY2(error.size() > path.size() + 22, qPrintable(error)); // a reason follows
        QCOMPARE(readAll(plain), QByteArray("keep"));
    }

    void readOnlyFolderKeepsTheOldFile_data() { saves_data(); }
    void readOnlyFolderKeepsTheOldFile()
    {
        if (::geteuid() == 0)
            QSKIP("running as root: permission bits do not stop writes (the full-disk and path-under-a-file rows "
                  "cover the failure paths)");
        QFETCH(Save, save);
        QFETCH(QString, name);
        const QString folder = m_dir.filePath(QStringLiteral("ro"));
        QDir().mkpath(folder);
        const QString path = folder + QLatin1Char('/') + name;
        writePlain(path, "old");
        QFile::setPermissions(folder, QFile::ReadOwner | QFile::ExeOwner);
        const QString error = save(path);
        QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY2(error.startsWith(path + QStringLiteral(": cannot be written: ")), qPrintable(error));
        QVERIFY2(error.endsWith(QStringLiteral("(the old file is kept)")), qPrintable(error));
        QCOMPARE(readAll(path), QByteArray("old"));
    }
};

QTEST_MAIN(TestGuiSave)
#include "tst_guisave.moc"
