// SPDX-License-Identifier: MIT
#pragma once
// Run-time language switching: installs the application's translator (":/i18n/commtutor_<code>.qm") and
// Qt's own (qtbase_<code>) so that every widget receives QEvent::LanguageChange and retranslates.
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTranslator>

namespace tutor::app {

class Language : public QObject {
    Q_OBJECT
public:
    explicit Language(QObject* parent = nullptr);

    /// The codes the application ships: "en", "zh_CN".
    static QStringList available();
    /// The shipped language closest to the system locale: "zh_CN" for any Chinese locale, else "en".
    static QString systemDefault();
    /// The language's own name ("English", "中文").
    static QString nativeName(const QString& code);

    /// Switches to `code` (empty: the system default). Returns false and keeps the current language when
    /// the code is unknown or its translations cannot be loaded.
    bool apply(const QString& code);
    QString current() const { return m_current; }

signals:
    void changed(const QString& code);

private:
    QTranslator m_app;
    QTranslator m_qt;
    QString m_current;
};

} // namespace tutor::app
