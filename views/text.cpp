// SPDX-License-Identifier: MIT
#include "views/text.h"

#include "views/palette.h"
#include "views/ruletemplates.h"

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
    // --- shared checks: presence, types, ranges, files and JSON
    { "must be at least 2 for the interleaved schedule",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be at least 2 for the interleaved schedule%1") },
    { "is required when hardware.preset is empty",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "is required when hardware.preset is empty%1") },
    { "is required (an object with \"en\" and \"zh_CN\")",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "is required (an object with \"en\" and \"zh_CN\")%1") },
    { "is required for a collective scene",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "is required for a collective scene%1") },
    { "is required with \"metric\": name the field the learner changes",
        QT_TRANSLATE_NOOP(
            "tutor::views::Problem", "is required with \"metric\": name the field the learner changes%1") },
    { "is required by formula ", QT_TRANSLATE_NOOP("tutor::views::Problem", "is required by formula %1") },
    { "is required", QT_TRANSLATE_NOOP("tutor::views::Problem", "is required%1") },
    { "needs an MoE model (model.moe.experts > 0)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "needs an MoE model (model.moe.experts > 0)%1") },
    { "is too large to simulate (at most 1e15 parameters)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "is too large to simulate (at most 1e15 parameters)%1") },
    { "is too large to simulate (at most 1e9 tokens per micro-batch)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "is too large to simulate (at most 1e9 tokens per micro-batch)%1") },
    { "is too large to simulate ", QT_TRANSLATE_NOOP("tutor::views::Problem", "is too large to simulate %1") },
    { "must be finite: the scenario's sizes and speeds together are beyond what the model computes (check hardware and "
      "model figures)",
        QT_TRANSLATE_NOOP("tutor::views::Problem",
            "must be finite: the scenario's sizes and speeds together are beyond what the model computes (check "
            "hardware and model figures)%1") },
    { "must be finite and ≥ 0.001 µs (no collective completes faster)",
        QT_TRANSLATE_NOOP(
            "tutor::views::Problem", "must be finite and ≥ 0.001 µs (no collective completes faster)%1") },
    { "must be finite and ≥ 0", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be finite and ≥ 0%1") },
    { "must be finite and > 0 with bytes ≥ 1",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be finite and > 0 with bytes ≥ 1%1") },
    { "must be finite and in [0, 100000] GB/s (faster than any link)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be finite and in [0, 100000] GB/s (faster than any link)%1") },
    { "must be finite and in ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be finite and in %1") },
    { "must be finite", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be finite%1") },
    { "must be a finite number ≥ 0; row skipped",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a finite number ≥ 0; row skipped%1") },
    { "must be a finite number ≥ 0", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a finite number ≥ 0%1") },
    { "must be a finite number", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a finite number%1") },
    { "must be a multiple of ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a multiple of %1") },
    { "must be a rank in ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a rank in %1") },
    { "must be an integer in ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an integer in %1") },
    { "must be an integer ≥ ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an integer ≥ %1") },
    { "must be an integer", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an integer%1") },
    { "must be a number or a hardware figure key (hw.<preset>.<figure>)",
        QT_TRANSLATE_NOOP(
            "tutor::views::Problem", "must be a number or a hardware figure key (hw.<preset>.<figure>)%1") },
    { "must be a number > 0 (µs); result skipped",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a number > 0 (µs); result skipped%1") },
    { "must be a number > 0", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a number > 0%1") },
    { "must be a number ≥ 0", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a number ≥ 0%1") },
    { "must be a number", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a number%1") },
    { "must be a whole number in ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a whole number in %1") },
    { "must be a whole byte count in [0, 1 TiB]; result skipped",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a whole byte count in [0, 1 TiB]; result skipped%1") },
    { "must be a whole element count ≥ 0; result skipped",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a whole element count ≥ 0; result skipped%1") },
    { "must be at least ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be at least %1") },
    { "must be at most 2147483647 in magnitude",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be at most 2147483647 in magnitude%1") },
    { "must be at most 1 TiB (2^40 bytes); row skipped",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be at most 1 TiB (2^40 bytes); row skipped%1") },
    { "must be at most ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be at most %1") },
    { "must be greater than ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be greater than %1") },
    { "must be between 1 and 1099511627776 (1 TiB)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be between 1 and 1099511627776 (1 TiB)%1") },
    { "must be between 0 and 1099511627776 (1 TiB)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be between 0 and 1099511627776 (1 TiB)%1") },
    { "must be between 1 and 65536 for a schedule",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be between 1 and 65536 for a schedule%1") },
    { "must be between ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be between %1") },
    { "must be in [0, 1] (fraction of the animation)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be in [0, 1] (fraction of the animation)%1") },
    { "must be in (0, 0.5) (relative)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be in (0, 0.5) (relative)%1") },
    { "must be in [1, 1024] (a node with no NIC cannot reach another node)",
        QT_TRANSLATE_NOOP(
            "tutor::views::Problem", "must be in [1, 1024] (a node with no NIC cannot reach another node)%1") },
    { "must be in [1, 100000000] (0: 2 · gpus)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be in [1, 100000000] (0: 2 · gpus)%1") },
    { "must be in [0, 1024] (0: every core)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be in [0, 1024] (0: every core)%1") },
    { "must be in ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be in %1") },
    { "must be 1 unless ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be 1 unless %1") },
    { "must be 1", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be 1%1") },
    { "must be -1 (no root) or a rank in [0, ",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be -1 (no root) or a rank in [0, %1") },
    { "must be -1 or a rank; row skipped",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be -1 or a rank; row skipped%1") },
    { "must be > 0 for a size > 0; row skipped",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be > 0 for a size > 0; row skipped%1") },
    { "must divide ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must divide %1") },
    { "must equal the file name without .json ",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must equal the file name without .json %1") },
    { "must equal nodes × gpus per node = ",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must equal nodes × gpus per node = %1") },
    { "must equal ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must equal %1") },
    { "needs a power of two", QT_TRANSLATE_NOOP("tutor::views::Problem", "needs a power of two%1") },
    { "not defined for ", QT_TRANSLATE_NOOP("tutor::views::Problem", "not defined for %1") },
    { "not defined on this topology ", QT_TRANSLATE_NOOP("tutor::views::Problem", "not defined on this topology %1") },
    { "unknown preset (known: ", QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown preset (known: %1") },
    { "unknown preset ", QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown preset %1") },
    { "unknown model (known: ", QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown model (known: %1") },
    { "unknown key (expected one of: ",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown key (expected one of: %1") },
    { "unknown key ", QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown key %1") },
    { "unknown key", QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown key%1") },
    { "unknown fabric (known: ib, roce, efa, ethernet)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown fabric (known: ib, roce, efa, ethernet)%1") },
    { "unknown type (float, half, bfloat16, double, int8, ...)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown type (float, half, bfloat16, double, int8, ...)%1") },
    { "cannot be combined with pipeline parallelism (",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be combined with pipeline parallelism (%1") },
    { "cannot be combined with ", QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be combined with %1") },
    { "cannot be compared with ", QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be compared with %1") },
    { "cannot be evaluated: ", QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be evaluated: %1") },
    { "does not match ", QT_TRANSLATE_NOOP("tutor::views::Problem", "does not match %1") },
    { "does not hold: ", QT_TRANSLATE_NOOP("tutor::views::Problem", "does not hold: %1") },
    { "does not fit the formula's answer (",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "does not fit the formula's answer (%1") },
    { "does not fit the answer of ", QT_TRANSLATE_NOOP("tutor::views::Problem", "does not fit the answer of %1") },
    { "does not name a lesson step (lesson-id#step-id)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "does not name a lesson step (lesson-id#step-id)%1") },
    { "does not resolve", QT_TRANSLATE_NOOP("tutor::views::Problem", "does not resolve%1") },
    { "is not an object, so it has no field ",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "is not an object, so it has no field %1") },
    { "needs fp8 tensor cores (Hopper or later), which this preset lacks: ",
        QT_TRANSLATE_NOOP(
            "tutor::views::Problem", "needs fp8 tensor cores (Hopper or later), which this preset lacks: %1") },
    { "cannot be read: ", QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be read: %1") },
    { "cannot be written: ", QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be written: %1") },
    { "was written, but its folder could not be synced: ",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "was written, but its folder could not be synced: %1") },
    { "cannot be inflated: zlib could not start",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be inflated: zlib could not start%1") },
    { "inflates to more than ", QT_TRANSLATE_NOOP("tutor::views::Problem", "inflates to more than %1") },
    { "is a folder, not a file", QT_TRANSLATE_NOOP("tutor::views::Problem", "is a folder, not a file%1") },
    { "is larger than ", QT_TRANSLATE_NOOP("tutor::views::Problem", "is larger than %1") },
    { "is not a regular file", QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a regular file%1") },
    { "is not a directory", QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a directory%1") },
    { "is not valid gzip data: it ends before the compressed stream does",
        QT_TRANSLATE_NOOP(
            "tutor::views::Problem", "is not valid gzip data: it ends before the compressed stream does%1") },
    { "is not valid gzip data: ", QT_TRANSLATE_NOOP("tutor::views::Problem", "is not valid gzip data: %1") },
    { "malformed JSON: ", QT_TRANSLATE_NOOP("tutor::views::Problem", "malformed JSON: %1") },
    { "too large to hold in memory", QT_TRANSLATE_NOOP("tutor::views::Problem", "too large to hold in memory%1") },
    { "not valid JSON (", QT_TRANSLATE_NOOP("tutor::views::Problem", "not valid JSON (%1") },
    { "must be a JSON object", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a JSON object%1") },
    { "must be true or false", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be true or false%1") },
    { "must name a field such as comm.bucket_MiB",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must name a field such as comm.bucket_MiB%1") },
    { "must be one JSON object per line",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be one JSON object per line%1") },
    { "must be ≥ 0, or -1 when not checked",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be ≥ 0, or -1 when not checked%1") },
    { "must be ≥ 0; row skipped", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be ≥ 0; row skipped%1") },
    { "must be ≥ ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be ≥ %1") },
    { "must be a string or null", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a string or null%1") },
    { "must be a string", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a string%1") },
    { "must be a non-empty string", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a non-empty string%1") },
    { "must be a non-empty array of steps",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a non-empty array of steps%1") },
    { "must be a non-empty list of rows",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a non-empty list of rows%1") },
    { "must be an array of strings", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an array of strings%1") },
    { "must be an array of at least two texts",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an array of at least two texts%1") },
    { "must be an array of runs", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an array of runs%1") },
    { "must be an object with \"en\" and \"zh_CN\"",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an object with \"en\" and \"zh_CN\"%1") },
    { "must be an object with \"scenario\" and \"measured\"",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an object with \"scenario\" and \"measured\"%1") },
    { "must be an object of dotted path → value",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an object of dotted path → value%1") },
    { "must be an object of name → scene",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an object of name → scene%1") },
    { "must be an object {field|metric, op, value}",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an object {field|metric, op, value}%1") },
    { "must be an object name → values",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an object name → values%1") },
    { "must be an object", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an object%1") },
    { "must be one of ", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be one of %1") },
    { "unknown data type; result skipped",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown data type; result skipped%1") },
    { "unknown data type; row skipped",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown data type; row skipped%1") },
    { "unknown data type", QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown data type%1") },
    { "unknown collective", QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown collective%1") },
    { "has an empty path segment", QT_TRANSLATE_NOOP("tutor::views::Problem", "has an empty path segment%1") },
    // --- lessons: files, steps, scenes, tasks
    { "is missing or empty: every text needs both languages",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "is missing or empty: every text needs both languages%1") },
    { "must be collective for a collective scene",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be collective for a collective scene%1") },
    { "must be timeline or charts for a scenario scene",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be timeline or charts for a scenario scene%1") },
    { "must be \"collective\" or \"scenario\"",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be \"collective\" or \"scenario\"%1") },
    { "needs exactly one of \"field\" or \"metric\"",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "needs exactly one of \"field\" or \"metric\"%1") },
    { "must be a name of letters, digits and _ that no figure prefix uses (scene, cost, metrics, …)",
        QT_TRANSLATE_NOOP("tutor::views::Problem",
            "must be a name of letters, digits and _ that no figure prefix uses (scene, cost, metrics, …)%1") },
    { "is not a valid claim: ", QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a valid claim: %1") },
    { "is not a curriculum topic id (see lessons/README.md)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a curriculum topic id (see lessons/README.md)%1") },
    { "is used by an earlier step of this lesson",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "is used by an earlier step of this lesson%1") },
    { "contains no lesson files (*.json)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "contains no lesson files (*.json)%1") },
    { "is not a collective (", QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a collective (%1") },
    { "is not an algorithm (", QT_TRANSLATE_NOOP("tutor::views::Problem", "is not an algorithm (%1") },
    { "must be auto, LL, LL128 or Simple",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be auto, LL, LL128 or Simple%1") },
    { "is not a data type (bf16, fp16, fp32, fp8, int8, ...)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a data type (bf16, fp16, fp32, fp8, int8, ...)%1") },
    { "must be a size such as 64MiB, 1GiB or 4096",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a size such as 64MiB, 1GiB or 4096%1") },
    { "is not a numeric figure of the scene",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a numeric figure of the scene%1") },
    { "is not a field of the scene", QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a field of the scene%1") },
    // --- questions
    { "must be \"lesson-id#step-id\"", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be \"lesson-id#step-id\"%1") },
    { "must index one of the choices (0-based)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must index one of the choices (0-based)%1") },
    { "is not a known formula (lessons/README.md lists them)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a known formula (lessons/README.md lists them)%1") },
    { "is not a known formula", QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a known formula%1") },
    { "needs min ≤ max and 0 < step with at most 10,000 values",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "needs min ≤ max and 0 < step with at most 10,000 values%1") },
    { "step is below the precision of min and max (a double)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "step is below the precision of min and max (a double)%1") },
    { "must be a list of values or {min, max, step}",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a list of values or {min, max, step}%1") },
    { "has no values", QT_TRANSLATE_NOOP("tutor::views::Problem", "has no values%1") },
    { "is not a named model (commtutor-cli search --help lists them)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a named model (commtutor-cli search --help lists them)%1") },
    { "is not a hardware preset id", QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a hardware preset id%1") },
    { "must be choice, numeric, open or design",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be choice, numeric, open or design%1") },
    { "the file must be an object {\"questions\": [...]}",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "the file must be an object {\"questions\": [...]}%1") },
    { "is used by another question", QT_TRANSLATE_NOOP("tutor::views::Problem", "is used by another question%1") },
    { "is not the id of a question", QT_TRANSLATE_NOOP("tutor::views::Problem", "is not the id of a question%1") },
    { "leads back to a question of its chain",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "leads back to a question of its chain%1") },
    { "every generated figure must be finite",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "every generated figure must be finite%1") },
    // --- training scenarios and the step simulator
    { "must be \"gelu\" or \"swiglu\"",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be \"gelu\" or \"swiglu\"%1") },
    { "must be \"gpipe\", \"1f1b\" or \"interleaved\"",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be \"gpipe\", \"1f1b\" or \"interleaved\"%1") },
    { "must be a data type such as \"bf16\", \"fp16\" or \"fp32\"",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a data type such as \"bf16\", \"fp16\" or \"fp32\"%1") },
    { "must be a data type such as \"bf16\" or \"fp32\"",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a data type such as \"bf16\" or \"fp32\"%1") },
    { "must be \"bf16\" or \"fp8\"", QT_TRANSLATE_NOOP("tutor::views::Problem", "must be \"bf16\" or \"fp8\"%1") },
    { "must be \"none\", \"selective\" or \"full\"",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be \"none\", \"selective\" or \"full\"%1") },
    { "the stages' orders wait on each other (deadlock); please report this scenario",
        QT_TRANSLATE_NOOP("tutor::views::Problem",
            "the stages' orders wait on each other (deadlock); please report this scenario%1") },
    { "needs iteration_s, tokens_per_s_per_gpu, tflops_per_gpu or mfu > 0",
        QT_TRANSLATE_NOOP(
            "tutor::views::Problem", "needs iteration_s, tokens_per_s_per_gpu, tflops_per_gpu or mfu > 0%1") },
    // --- collectives: requests, schedules, protocols
    { "no algorithm can run this collective with it on this topology",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "no algorithm can run this collective with it on this topology%1") },
    { "no algorithm can run this request",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "no algorithm can run this request%1") },
    { "NVLS runs the Simple protocol only",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "NVLS runs the Simple protocol only%1") },
    { "NVLSTree and CollNet run the Simple protocol only",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "NVLSTree and CollNet run the Simple protocol only%1") },
    { "LL128 needs NVLink inside the node (NCCL enables it by default only there)",
        QT_TRANSLATE_NOOP(
            "tutor::views::Problem", "LL128 needs NVLink inside the node (NCCL enables it by default only there)%1") },
    // --- measurements, nccl-tests import, calibration, validation sets
    { "must be a count or N/A; row skipped",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a count or N/A; row skipped%1") },
    { "per-iteration columns must be numbers (µs); row skipped",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "per-iteration columns must be numbers (µs); row skipped%1") },
    { "a data row has size count type [redop] [root], then time algbw busbw #wrong (and i_min i_max i_p99 i_cv% with "
      "-I 1) for out-of-place and in-place, then a timestamp with -S 1; row skipped",
        QT_TRANSLATE_NOOP("tutor::views::Problem",
            "a data row has size count type [redop] [root], then time algbw busbw #wrong (and i_min i_max i_p99 i_cv% "
            "with -I 1) for out-of-place and in-place, then a timestamp with -S 1; row skipped%1") },
    { "this run's header has no data rows after it (the test failed or the log was cut)",
        QT_TRANSLATE_NOOP("tutor::views::Problem",
            "this run's header has no data rows after it (the test failed or the log was cut)%1") },
    { "an nccl-tests -J file is an object with a \"results\" list",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "an nccl-tests -J file is an object with a \"results\" list%1") },
    { "the -J file has no timed result",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "the -J file has no timed result%1") },
    { "unexpected value type (", QT_TRANSLATE_NOOP("tutor::views::Problem", "unexpected value type (%1") },
    { "no data rows (size count type redop root time algbw busbw #wrong)",
        QT_TRANSLATE_NOOP(
            "tutor::views::Problem", "no data rows (size count type redop root time algbw busbw #wrong)%1") },
    { "no nccl-tests data rows (size count type [redop] [root] time algbw busbw #wrong ...)",
        QT_TRANSLATE_NOOP("tutor::views::Problem",
            "no nccl-tests data rows (size count type [redop] [root] time algbw busbw #wrong ...)%1") },
    { "no \"# Collective test starting\" line, no <name>_perf binary in the log and none in the file name; pass the "
      "collective (--op)",
        QT_TRANSLATE_NOOP("tutor::views::Problem",
            "no \"# Collective test starting\" line, no <name>_perf binary in the log and none in the file name; pass "
            "the collective (--op)%1") },
    { "no \"#  Rank N\" device lines; pass the rank count (--ranks)",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "no \"#  Rank N\" device lines; pass the rank count (--ranks)%1") },
    { "calibration needs at least 2 sizes",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "calibration needs at least 2 sizes%1") },
    { "calibration needs at least 2 distinct sizes of ",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "calibration needs at least 2 distinct sizes of %1") },
    { "show no bandwidth term (time does not grow with size); add larger sizes",
        QT_TRANSLATE_NOOP(
            "tutor::views::Problem", "show no bandwidth term (time does not grow with size); add larger sizes%1") },
    { "must be algorithm/protocol, e.g. \"ring/LL128\"",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must be algorithm/protocol, e.g. \"ring/LL128\"%1") },
    { "must name an algorithm, e.g. \"ring\" or \"nvls/Simple\"",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "must name an algorithm, e.g. \"ring\" or \"nvls/Simple\"%1") },
    { "nodes × gpus_per_node must not exceed ",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "nodes × gpus_per_node must not exceed %1") },
    { "the validation set is an object with a \"runs\" list",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "the validation set is an object with a \"runs\" list%1") },
    // --- the worker protocol
    { "this reader speaks protocol ", QT_TRANSLATE_NOOP("tutor::views::Problem", "this reader speaks protocol %1") },
    { "empty line", QT_TRANSLATE_NOOP("tutor::views::Problem", "empty line%1") },
    { "not a JSON record (", QT_TRANSLATE_NOOP("tutor::views::Problem", "not a JSON record (%1") },
    // --- profiler traces
    { "a PyTorch profiler trace is a JSON object with a \"traceEvents\" array",
        QT_TRANSLATE_NOOP(
            "tutor::views::Problem", "a PyTorch profiler trace is a JSON object with a \"traceEvents\" array%1") },
    { "hold no GPU kernel (cat \"kernel\" or \"gpu_memcpy\"): record the trace with ProfilerActivity.CUDA to analyse "
      "communication",
        QT_TRANSLATE_NOOP("tutor::views::Problem",
            "hold no GPU kernel (cat \"kernel\" or \"gpu_memcpy\"): record the trace with ProfilerActivity.CUDA to "
            "analyse communication%1") },
    { "open at least one PyTorch profiler trace",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "open at least one PyTorch profiler trace%1") },
    { "more traces than distributedInfo.world_size = ",
        QT_TRANSLATE_NOOP("tutor::views::Problem", "more traces than distributedInfo.world_size = %1") },
};

// What the importers append to a rule when they skip a row or a result, translated on its own so that a rule the
// table has only without it still reads whole.
constexpr RuleWording kSkipSuffixes[] = {
    { "; row skipped", QT_TRANSLATE_NOOP("tutor::views::Problem", "; row skipped") },
    { "; result skipped", QT_TRANSLATE_NOOP("tutor::views::Problem", "; result skipped") },
};

// The table's wording `rule` starts with (the first that fits), or null.
const RuleWording* wordingOf(std::string_view rule)
{
    for (const RuleWording& w : kRuleWordings)
        if (rule.starts_with(w.prefix))
            return &w;
    return nullptr;
}

QString translatedRule(std::string_view rule)
{
    const auto translate = [](const char* text) { return QCoreApplication::translate("tutor::views::Problem", text); };
    const RuleWording* match = wordingOf(rule);
    for (const RuleWording& s : kSkipSuffixes) {
        const std::string_view suffix(s.prefix);
        const bool matchHasIt = match && std::string_view(match->prefix).ends_with(suffix);
        if (!matchHasIt && rule.size() > suffix.size() && rule.ends_with(suffix))
            return translatedRule(rule.substr(0, rule.size() - suffix.size())) + translate(s.translated);
    }
    if (auto templated = templatedRule(rule, &translatedRule))
        return *templated;
    if (match)
        return translate(match->translated).arg(toQString(rule.substr(std::string_view(match->prefix).size())));
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

QString writtenProblemText(std::string_view written)
{
    // A message that is a rule from its start ("empty line", "not a JSON record (…): …") has no field. Otherwise the
    // rule starts after the first ": " that follows " = " (a value may hold ": " only inside quotes, which the
    // writers show escaped), or after the first ": " when there is no value.
    if (auto templated = templatedRule(written, &translatedRule))
        return *templated;
    if (wordingOf(written))
        return translatedRule(written);
    const std::size_t equals = written.find(" = ");
    const std::size_t colon = written.find(": ", equals == std::string_view::npos ? 0 : equals + 3);
    if (colon == std::string_view::npos)
        return translatedRule(written);
    return toQString(written.substr(0, colon + 2)) + translatedRule(written.substr(colon + 2));
}

QString problemsText(const model::Problems& problems)
{
    QStringList lines;
    for (const model::Problem& p : problems)
        lines << problemText(p);
    return lines.join(QLatin1Char('\n'));
}

} // namespace tutor::views
