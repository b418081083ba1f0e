// SPDX-License-Identifier: MIT
#pragma once
// Texts a page sets once when it builds its widgets and must set again when the language changes. Each is kept
// as its source text (marked with QT_TR_NOOP in the owner's member functions, so lupdate files it under the
// owner's context) and a setter; apply() runs every setter again with the source translated in that context.
#include <QAbstractButton>
#include <QComboBox>
#include <QCoreApplication>
#include <QLabel>
#include <QLineEdit>
#include <functional>
#include <utility>
#include <vector>

namespace tutor::app {

class TranslatedTexts {
public:
    using Setter = std::function<void(const QString&)>;

    /// `context` is the owner's class name as tr() uses it: `staticMetaObject.className()`.
    explicit TranslatedTexts(const char* context)
        : m_context(context)
    {
    }

    /// Sets the text now and on every apply().
    void add(const char* source, Setter set)
    {
        set(QCoreApplication::translate(m_context, source));
        m_texts.emplace_back(source, std::move(set));
    }
    /// A new label showing `source`.
    QLabel* label(const char* source)
    {
        auto* l = new QLabel;
        add(source, [l](const QString& t) { l->setText(t); });
        return l;
    }
    template <class Button> Button* button(Button* b, const char* source)
    {
        add(source, [b](const QString& t) { b->setText(t); });
        return b;
    }
    void item(QComboBox* box, int index, const char* source)
    {
        add(source, [box, index](const QString& t) { box->setItemText(index, t); });
    }
    void toolTip(QWidget* w, const char* source)
    {
        add(source, [w](const QString& t) { w->setToolTip(t); });
    }
    void placeholder(QLineEdit* e, const char* source)
    {
        add(source, [e](const QString& t) { e->setPlaceholderText(t); });
    }

    void apply() const
    {
        for (const auto& [source, set] : m_texts)
            set(QCoreApplication::translate(m_context, source));
    }

private:
    const char* m_context;
    std::vector<std::pair<const char*, Setter>> m_texts;
};

} // namespace tutor::app
