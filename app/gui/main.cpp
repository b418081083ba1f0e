// SPDX-License-Identifier: MIT
// commtutor: the desktop tutor. With --screenshot or --render-stages it renders offscreen and exits.
#include "app/gui/mainwindow.h"
#include "app/gui/screenshot.h"
#include "tutor/config.h"

#include <QApplication>
#include <QFont>
#include <QTextStream>

int main(int argc, char** argv)
{
    using namespace tutor::app;
    const bool offscreen = wantsOffscreen(argc, argv);
    if (offscreen && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("commtutor"));
    QApplication::setOrganizationName(QStringLiteral("commtutor"));
    QApplication::setApplicationVersion(QStringLiteral(TUTOR_VERSION));
    // An explicit font with CJK glyphs: Chinese never renders as boxes and screenshots are repeatable.
    QFont font(QStringLiteral("WenQuanYi Micro Hei"), 10);
    font.setStyleHint(QFont::SansSerif);
    QApplication::setFont(font);

    QString error;
    const auto request = parseScreenshotArgs(QApplication::arguments(), &error);
    if (!error.isEmpty()) {
        QTextStream(stderr) << "commtutor: " << error << '\n';
        return 2;
    }
    if (request)
        return runScreenshot(*request);

    MainWindow window;
    window.show();
    return QApplication::exec();
}
