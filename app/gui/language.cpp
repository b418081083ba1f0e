// SPDX-License-Identifier: MIT
#include "language.h"

#include "app/datadir/datadir.h"

#include <QCoreApplication>
#include <QEvent>
#include <QLibraryInfo>
#include <QLocale>

namespace tutor::app {

Language::Language(QObject* parent)
    : QObject(parent)
{
}

QStringList Language::available()
{
    return { QStringLiteral("en"), QStringLiteral("zh_CN") };
}

QString Language::systemDefault()
{
    return QLocale::system().language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

QString Language::nativeName(const QString& code)
{
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("中文（简体）");
    return QStringLiteral("English");
}

bool Language::apply(const QString& requested)
{
    const QString code = requested.isEmpty() ? systemDefault() : requested;
    if (!available().contains(code))
        return false;
    if (code == m_current)
        return true;
    QCoreApplication::removeTranslator(&m_app);
    QCoreApplication::removeTranslator(&m_qt);
    if (code != QLatin1String("en")) {
        // English is the source language: no translator needed.
        // The installed .qm first (share/commtutor/translations), else the copy built into the resources.
        const auto installed
            = findDataDir(DataKind::Translations, QCoreApplication::applicationDirPath().toStdString());
        const QString name = QStringLiteral("commtutor_%1").arg(code);
        if (!(!installed.empty() && m_app.load(name, QString::fromStdString(installed.string())))
            && !m_app.load(name, QStringLiteral(":/i18n")))
            return false;
        QCoreApplication::installTranslator(&m_app);
        if (m_qt.load(QStringLiteral("qtbase_%1").arg(code), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(&m_qt);
    }
    m_current = code;
    QLocale::setDefault(QLocale(code));
    // Deliver the posted LanguageChange events now, so every widget is retranslated when apply() returns.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    emit changed(code);
    return true;
}

} // namespace tutor::app
