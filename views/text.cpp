// SPDX-License-Identifier: MIT
#include "views/text.h"

#include "views/palette.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>
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

namespace {

/// The model's rule wordings: an English prefix and its translation, %1 standing for the rest of the rule (a number,
/// a field, a list). Longer prefixes first, so "must be at least 2 for …" wins over "must be at least ".
struct RuleWording {
    const char* prefix;
    const char* translated; ///< QT_TRANSLATE_NOOP source with %1 for the rest
};
constexpr RuleWording kRuleWordings[] = {
    { "must be at least 2 for the interleaved schedule",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be at least 2 for the interleaved schedule%1") },
    { "is required when hardware.preset is empty",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "is required when hardware.preset is empty%1") },
    { "needs an MoE model (model.moe.experts > 0)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "needs an MoE model (model.moe.experts > 0)%1") },
    { "is too large to simulate ", QT_TRANSLATE_NOOP("tutor::views::Problem", "is too large to simulate %1") },
    { "must be finite and ≥ 0", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be finite and ≥ 0%1") },
    { "must be finite and in ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be finite and in %1") },
    { "must be a finite number", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a finite number%1") },
    { "must be a multiple of ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a multiple of %1") },
    { "must be a rank in ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a rank in %1") },
    { "must be an integer", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an integer%1") },
    { "must be a number", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a number%1") },
    { "must be at least ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be at least %1") },
    { "must be at most ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be at most %1") },
    { "must be greater than ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be greater than %1") },
    { "must be between ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be between %1") },
    { "must be in ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be in %1") },
    { "must be 1 unless ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be 1 unless %1") },
    { "must divide ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must divide %1") },
    { "must equal ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must equal %1") },
    { "needs a power of two", QT_TRANSLATE_NOOP("tutor::views::Problem", "needs a power of two%1") },
    { "not defined for ", QT_TRANSLATE_NOOP("tutor::views::Problem", "not defined for %1") },
    { "not defined on this topology ", QT_TRANSLATE_NOOP("tutor::views::Problem", "not defined on this topology %1") },
    { "unknown preset ", QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown preset %1") },
    { "unknown key ", QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown key %1") },
    { "cannot be combined with ", QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be combined with %1") },
    { "does not match ", QT_TRANSLATE_NOOP("tutor::views::Problem", "does not match %1") },
    { "is not an object, so it has no field ",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "is not an object, so it has no field %1") },
    { "needs fp8 tensor cores (Hopper or later), which this preset lacks: ",
        QT_TRANSLATE_NOOP(
            "tutor::views::Problem", "needs fp8 tensor cores (Hopper or later), which this preset lacks: %1") },
    { "cannot be read: ", QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be read: %1") },
    { "cannot be written: ", QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be written: %1") },
    { "cannot be inflated: zlib could not start",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be inflated: zlib could not start%1") },
    { "is a folder, not a file", QT_TRANSLATE_NOOP("tutor::views::Problem", "is a folder, not a file%1") },
    { "is larger than ", QT_TRANSLATE_NOOP("tutor::views::Problem", "is larger than %1") },
    { "is not a regular file", QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a regular file%1") },
    { "is not valid gzip data: it ends before the compressed stream does",
        QT_TRANSLATE_NOOP(
            "tutor::views::Problem", "is not valid gzip data: it ends before the compressed stream does%1") },
    { "is not valid gzip data: ", QT_TRANSLATE_NOOP("tutor::views::Problem", "is not valid gzip data: %1") },
    { "must be a JSON object", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a JSON object%1") },
    { "must be true or false", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be true or false%1") },
    { "must name a field such as comm.bucket_MiB",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must name a field such as comm.bucket_MiB%1") },
    { "must be one JSON object per line",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be one JSON object per line%1") },
    { "must be ≥ 0, or -1 when not checked",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be ≥ 0, or -1 when not checked%1") },
    { "must be a string or null", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a string or null%1") },
    { "must be a string", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a string%1") },
    { "unknown data type; result skipped",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown data type; result skipped%1") },
    { "unknown data type", QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown data type%1") },
    { "unknown collective", QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown collective%1") },
    { "has an empty path segment", QT_TRANSLATE_NOOP("tutor::views::Problem", "has an empty path segment%1") },
};

QString translatedRule(const std::string& rule)
{
    for (const RuleWording& w : kRuleWordings) {
        const std::string_view prefix(w.prefix);
        if (rule.compare(0, prefix.size(), prefix) == 0)
            return QCoreApplication::translate("tutor::views::Problem", w.translated)
                .arg(toQString(std::string_view(rule).substr(prefix.size())));
    }
    return toQString(rule);
}

} // namespace

QString problemText(const model::Problem& problem)
{
    QString text;
    if (!problem.where.empty())
        text += toQString(problem.where) + QStringLiteral(": ");
    text += toQString(problem.field);
    if (!problem.value.empty())
        text += QStringLiteral(" = ") + toQString(problem.value);
    if (!problem.field.empty() || !problem.value.empty())
        text += QStringLiteral(": ");
    return text + translatedRule(problem.rule);
}

QString problemsText(const model::Problems& problems)
{
    QStringList lines;
    for (const model::Problem& p : problems)
        lines << problemText(p);
    return lines.join(QLatin1Char('\n'));
}

} // namespace tutor::views
