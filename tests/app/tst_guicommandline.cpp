// SPDX-License-Identifier: MIT
// The window's command line (issue 15, item 9), run as the real commtutor binary, headless: --help and
// --version print and exit, unknown options and bad values exit 2 with a message naming them, --screenshot
// writes the format its extension names, a bad --scenario prints its problems, and --size is honoured or refused.
#include "tutor/config.h"

#include <QFile>
#include <QImageReader>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestGuiCommandLine : public QObject {
    Q_OBJECT

    struct Run {
        int code = -1;
        QString out;
        QString err;
    };

    static Run run(const QStringList& arguments)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(COMMTUTOR_BINARY), arguments);
        Run r;
        if (!p.waitForFinished(120000)) {
            p.kill();
            p.waitForFinished();
            r.err = QStringLiteral("did not exit within 120 s");
            return r;
        }
        r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }

private slots:
    void printsAndExits_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("stdoutFragment");
        QTest::addColumn<QString>("stderrFragment");
        QTest::newRow("--help") << QStringList { "--help" } << 0 << "--screenshot"
                                << "";
        QTest::newRow("-h lists every option") << QStringList { "-h" } << 0 << "--render-stages"
                                               << "";
        QTest::newRow("--version") << QStringList { "--version" } << 0 << "commtutor " TUTOR_VERSION << "";
        QTest::newRow("unknown option") << QStringList { "--no-such-flag" } << 2 << ""
                                        << "no-such-flag";
        QTest::newRow("stray argument") << QStringList { "stray" } << 2 << ""
                                        << "stray";
        QTest::newRow("two files") << QStringList { "a.json", "b.json" } << 2 << ""
                                   << "give at most one file";
        QTest::newRow("file argument is the scenario")
            << QStringList { "--screenshot", "/tmp/x.png", "missing-file.json" } << 2 << ""
            << "missing-file.json";
        QTest::newRow("file and --scenario") << QStringList { "a.json", "--scenario", "b.json" } << 2 << ""
                                             << "not both";
        QTest::newRow("option without its value") << QStringList { "--screenshot" } << 2 << ""
                                                  << "screenshot";
        QTest::newRow("image format not supported") << QStringList { "--screenshot", "out.gif" } << 2 << ""
                                                    << ".gif";
        QTest::newRow("unknown view") << QStringList { "--screenshot", "out.png", "--view", "nope" } << 2 << ""
                                      << "--view = nope";
        QTest::newRow("bad size") << QStringList { "--screenshot", "out.png", "--size", "big" } << 2 << ""
                                  << "--size = big";
        QTest::newRow("presenter scale above 2.5")
            << QStringList { "--screenshot", "out.png", "--present", "3" } << 2 << ""
            << "--present = 3: the text scale must be a number from 1 to 2.5";
        QTest::newRow("presenter scale not a number")
            << QStringList { "--screenshot", "out.png", "--present", "big" } << 2 << ""
            << "--present = big";
    }
    void printsAndExits()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, code);
        QFETCH(QString, stdoutFragment);
        QFETCH(QString, stderrFragment);
        const Run r = run(arguments);
        QVERIFY2(r.code == code, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(r.err)));
        QVERIFY2(r.out.contains(stdoutFragment), qPrintable(r.out));
        QVERIFY2(r.err.contains(stderrFragment), qPrintable(r.err));
    }

    void screenshotFormatFromExtension_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("magic");
        QTest::addColumn<QByteArray>("format");
        // The files' signatures: JPEG SOI + marker (ITU T.81), PNG signature (RFC 2083), BMP "BM".
        QTest::newRow("jpg") << "shot.jpg" << QByteArray("\xFF\xD8\xFF", 3) << QByteArray("jpeg");
        QTest::newRow("png") << "shot.png" << QByteArray("\x89PNG\r\n\x1A\n", 8) << QByteArray("png");
        QTest::newRow("bmp") << "shot.bmp" << QByteArray("BM") << QByteArray("bmp");
    }
    void screenshotFormatFromExtension()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, magic);
        QFETCH(QByteArray, format);
        QTemporaryDir dir;
        const QString path = dir.filePath(file);
        const Run r = run({ "--screenshot", path });
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.read(magic.size()), magic);
        f.close();
        QImageReader reader(path);
        QCOMPARE(reader.format(), format);
        QVERIFY(reader.size().width() >= 1440 && reader.size().height() >= 900); // the default size, or the minimum
    }

    void badScenarioPrintsItsProblems()
    {
        QTemporaryDir dir;
        const QString scenario = QFINDTESTDATA("data/training-bad-tp.json");
        QVERIFY(!scenario.isEmpty());
        const Run r = run({ "--screenshot", dir.filePath("out.png"), "--view", "timeline", "--scenario", scenario });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("parallel.tp")), qPrintable(r.err)); // the problem itself
        QVERIFY2(!r.err.contains(QStringLiteral("see the window")), qPrintable(r.err));
        QVERIFY(!QFile::exists(dir.filePath("out.png")));
    }

    void sizeHonouredOrRefused()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("small.png");
        const Run r = run({ "--screenshot", path, "--size", "800x600" });
        if (r.code == 0) { // honoured: the image has the size asked for
            QCOMPARE(QImageReader(path).size(), QSize(800, 600));
        } else { // refused, saying how small the window can go
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(QStringLiteral("cannot be smaller than")), qPrintable(r.err));
            QVERIFY(!QFile::exists(path));
        }
    }
};

QTEST_GUILESS_MAIN(TestGuiCommandLine)
#include "tst_guicommandline.moc"
