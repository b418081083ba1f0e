// SPDX-License-Identifier: MIT
#include "views/text.h"

#include "views/palette.h"

#include <QLocale>
#include <cmath>

namespace tutor::views {

QString toQString(std::string_view utf8)
{
    return QString::fromUtf8(utf8.data(), static_cast<qsizetype>(utf8.size()));
}

QString toQString(const model::LocalizedText& text)
{
    return toQString(text.in(QLocale().language() == QLocale::Chinese ? "zh_CN" : "en"));
}

QString presetName(const model::HardwarePreset& preset)
{
    return toQString(model::LocalizedText { preset.name, preset.nameZhCN });
}

QString presetName(const QString& id)
{
    for (const auto& preset : model::presets())
        if (id == toQString(preset.id))
            return presetName(preset);
    return {};
}

void relabelPresets(QComboBox* box)
{
    for (int i = 0; i < box->count(); ++i)
        if (const QString name = presetName(box->itemData(i).toString()); !name.isEmpty())
            box->setItemText(i, name);
}

QString secondsText(model::Seconds seconds)
{
    return QString::fromStdString(model::formatSeconds(seconds));
}

QString bytesText(model::Bytes bytes)
{
    return QString::fromStdString(model::formatBytes(bytes));
}

QString percentText(double fraction)
{
    return QStringLiteral("%1 %").arg(100 * fraction, 0, 'f', 1);
}

QString bandwidthText(double gbps)
{
    return QStringLiteral("%1 GB/s").arg(gbps, 0, 'f', gbps < 10 ? 2 : 1);
}

QColor errorColor()
{
    return Palette::forTheme(Theme::Light).error;
}

QString errorHtml(const QString& text, const char* tag)
{
    const QString t = QString::fromLatin1(tag);
    return QStringLiteral("<%1 style='color:%2'>%3</%1>").arg(t, errorColor().name(), text.toHtmlEscaped());
}

} // namespace tutor::views
