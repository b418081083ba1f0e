// SPDX-License-Identifier: MIT
// Shortcut routing (issue 15, item 1): the window's keys work whatever has focus, and a field takes them only
// while it is being edited. Offscreen, with real key clicks through Qt's shortcut map: focus in a spin box of
// the Collectives panel, in the lesson text, in the navigator.
#include "app/gui/collectives/collectivespanel.h"
#include "app/gui/collectives/collectivesstage.h"
#include "app/gui/helptext.h"
#include "app/gui/mainwindow.h"
#include "app/gui/playback.h"
#include "app/gui/shortcutrouter.h"

#include <QAction>
#include <QApplication>
#include <QListWidget>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <QTextBrowser>

using namespace tutor;
using namespace tutor::app;

namespace {
QAction* actionFor(MainWindow& window, const QKeySequence& key)
{
    const auto actions = window.actions();
    for (QAction* a : actions)
        if (a->shortcuts().contains(key))
            return a;
    return nullptr;
}

QWidget* focusTarget(MainWindow& window, const QString& where)
{
    if (where == QLatin1String("spin box")) {
        window.showPage(Navigator::Collectives);
        return window.collectivesStage()->panel()->findChild<QSpinBox*>();
    }
    if (where == QLatin1String("lesson text")) {
        window.showPage(Navigator::Lessons);
        return window.findChild<QTextBrowser*>(QStringLiteral("lessonText"));
    }
    window.showPage(Navigator::Collectives);
    return window.findChild<QListWidget*>(QStringLiteral("navigator"));
}
} // namespace

class TestShortcuts : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setFont(QFont(QStringLiteral("WenQuanYi Micro Hei"), 10));
    }

    // F1 help covers every page (it covered 2 of 4): each page's help is headed by the navigator's title for it and
    // differs from every other page's, and F1 shows the current page's first. The shortcut sheet lists every action of
    // the window that has a key, with its keys as the platform writes them.
    void helpForEveryPageAndEveryKey()
    {
        QStringList bodies;
        for (int p = 0; p < Navigator::PageCount; ++p) {
            const auto page = static_cast<Navigator::Page>(p);
            const QString help = HelpText::page(page);
            QVERIFY2(help.contains(Navigator::title(page).toHtmlEscaped()), qPrintable(Navigator::title(page)));
            QVERIFY2(!bodies.contains(help), qPrintable(Navigator::title(page)));
            bodies << help;
            QVERIFY(HelpText::forPage(page).startsWith(help));
            for (int other = 0; other < Navigator::PageCount; ++other)
                QVERIFY(HelpText::forPage(page).contains(HelpText::page(static_cast<Navigator::Page>(other))));
        }
        MainWindow window(false);
        const QString sheet = HelpText::shortcutSheet(window.actions());
        int keyed = 0;
        for (const QAction* a : window.actions()) {
            for (const QKeySequence& k : a->shortcuts()) {
                QVERIFY2(sheet.contains(k.toString(QKeySequence::NativeText).toHtmlEscaped()), qPrintable(a->text()));
                ++keyed;
            }
        }
        QVERIFY(keyed >= 10);
    }

    void keysReachTheActions_data()
    {
        QTest::addColumn<QString>("where");
        QTest::addColumn<int>("key");
        QTest::addColumn<bool>("editFirst"); // type a digit into the field before the key
        QTest::addColumn<bool>("actionFires");

        QTest::newRow("+ in a spin box: zoom, nothing typed") << "spin box" << int(Qt::Key_Plus) << false << true;
        QTest::newRow("Space in a spin box: play") << "spin box" << int(Qt::Key_Space) << false << true;
        QTest::newRow("→ in a spin box: step") << "spin box" << int(Qt::Key_Right) << false << true;
        QTest::newRow("← in a spin box: step back") << "spin box" << int(Qt::Key_Left) << false << true;
        QTest::newRow("L in a spin box: loop") << "spin box" << int(Qt::Key_L) << false << true;
        QTest::newRow("→ in a spin box being edited: the cursor moves")
            << "spin box" << int(Qt::Key_Right) << true << false;
        QTest::newRow("Space in the lesson text: play") << "lesson text" << int(Qt::Key_Space) << false << true;
        QTest::newRow("→ in the lesson text: step") << "lesson text" << int(Qt::Key_Right) << false << true;
        QTest::newRow("? in the navigator: shortcut sheet action")
            << "navigator" << int(Qt::Key_Question) << false << true;
    }
    void keysReachTheActions()
    {
        QFETCH(QString, where);
        QFETCH(int, key);
        QFETCH(bool, editFirst);
        QFETCH(bool, actionFires);
        MainWindow window(false);
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QWidget* field = focusTarget(window, where);
        QVERIFY(field);
        field->setFocus();
        QCOMPARE(QApplication::focusWidget(), field);

        QAction* action = actionFor(window, QKeySequence(key));
        QVERIFY(action);
        if (key == Qt::Key_Question) // the sheet is a modal dialog: count the trigger, do not open it
            action->disconnect();
        auto* spin = qobject_cast<QSpinBox*>(field);
        if (editFirst) {
            QTest::keyClick(field, Qt::Key_Backspace); // starts editing; the value is not committed
            QVERIFY(window.shortcutRouter()->isEditing(field));
        }
        const QString textBefore = spin ? spin->text() : QString();
        QSignalSpy triggered(action, &QAction::triggered);
        QTest::keyClick(field, static_cast<Qt::Key>(key));
        QCOMPARE(triggered.count(), actionFires ? 1 : 0);
        if (spin && !editFirst)
            QCOMPARE(spin->text(), textBefore); // "+" or Space typed nothing into the box
        window.playback()->pause();
    }

    void editingEndsWithEnter()
    {
        MainWindow window(false);
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        auto* spin = qobject_cast<QSpinBox*>(focusTarget(window, QStringLiteral("spin box")));
        QVERIFY(spin);
        spin->setFocus();
        const double before = window.playback()->time();
        QTest::keyClick(spin, Qt::Key_Backspace);
        QTest::keyClick(spin, Qt::Key_Right); // edits: moves the cursor
        QCOMPARE(window.playback()->time(), before);
        QTest::keyClick(spin, Qt::Key_Escape);
        QVERIFY(!window.shortcutRouter()->isEditing(spin));
        QTest::keyClick(spin, Qt::Key_Right); // a step again
        QVERIFY(window.playback()->time() > before);
    }
};

QTEST_MAIN(TestShortcuts)
#include "tst_shortcuts.moc"
