// SPDX-License-Identifier: MIT
#include "views/text.h"

#include "model/sim/scenario.h"
#include "views/palette.h"
#include "views/ruletemplates.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>
#include <algorithm>
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

QString recomputeText(model::Recompute recompute)
{
    switch (recompute) {
    case model::Recompute::None:
        return QCoreApplication::translate("tutor::views::Text", "none");
    case model::Recompute::Selective:
        return QCoreApplication::translate("tutor::views::Text", "selective");
    case model::Recompute::SelectiveOp:
        return QCoreApplication::translate("tutor::views::Text", "selective, op-level (torchtitan)");
    case model::Recompute::Full:
        return QCoreApplication::translate("tutor::views::Text", "full");
    }
    return {};
}

QString elementwiseText(model::Elementwise elementwise)
{
    return elementwise == model::Elementwise::Eager
        ? QCoreApplication::translate("tutor::views::Text", "eager PyTorch, one kernel per op")
        : QCoreApplication::translate("tutor::views::Text", "fused (Megatron, torch.compile)");
}

QString fp8ScalingText(model::Fp8Scaling scaling)
{
    switch (scaling) {
    case model::Fp8Scaling::Dynamic:
        return QCoreApplication::translate("tutor::views::Text", "own cast kernels (torchao dynamic scaling)");
    case model::Fp8Scaling::Current:
        return QCoreApplication::translate("tutor::views::Text", "amax + cast kernels (TE current scaling)");
    case model::Fp8Scaling::Mxfp8:
        return QCoreApplication::translate("tutor::views::Text", "one quantize kernel (TE MXFP8)");
    case model::Fp8Scaling::Fused:
        break;
    }
    return QCoreApplication::translate("tutor::views::Text", "norm-written fp8 + casts (TE delayed scaling)");
}

QString attentionKernelText(model::AttentionKernel kernel)
{
    switch (kernel) {
    case model::AttentionKernel::Flash2:
        return QCoreApplication::translate("tutor::views::Text", "FlashAttention-2 (PyTorch SDPA, torchtitan)");
    case model::AttentionKernel::Triton:
        return QCoreApplication::translate("tutor::views::Text", "Triton FlashAttention (llm-foundry MPT, 2023)");
    case model::AttentionKernel::Cudnn:
        break;
    }
    return QCoreApplication::translate("tutor::views::Text", "cuDNN (Transformer Engine, Megatron)");
}

QString cudaGraphsText(model::CudaGraphs graphs)
{
    switch (graphs) {
    case model::CudaGraphs::Scoped:
        return QCoreApplication::translate("tutor::views::Text", "per-layer scopes (Transformer Engine)");
    case model::CudaGraphs::FullIteration:
        return QCoreApplication::translate("tutor::views::Text", "the whole iteration");
    case model::CudaGraphs::None:
        break;
    }
    return QCoreApplication::translate("tutor::views::Text", "none (eager launches)");
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

/// The model's rule wordings as translation sources: the English prefix a rule starts with, then %1 for the rest of the
/// rule (a number, a field, a list), which is kept as written. Longer prefixes first, so "must be at least 2 for …"
/// wins over "must be at least ".
constexpr const char* kRuleWordings[] = {
    // --- shared checks: presence, types, ranges, files and JSON
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be at least 2 for the interleaved schedule%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is required when hardware.preset is empty%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is required (an object with \"en\" and \"zh_CN\")%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is required for a collective scene%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is required with \"metric\": name the field the learner changes%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is required by formula %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is required%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "needs an MoE model (model.moe.experts > 0)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is too large to simulate (at most 1e15 parameters)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is too large to simulate (at most 1e9 tokens per micro-batch)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is too large to simulate %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem",
        "must be finite: the scenario's sizes and speeds together are beyond what the model computes (check "
        "hardware and model figures)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be finite and ≥ 0.001 µs (no collective completes faster)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be finite and ≥ 0%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be finite and > 0 with bytes ≥ 1%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be finite and in [0, 100000] GB/s (faster than any link)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be finite and in %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be finite%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a finite number ≥ 0; row skipped%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a finite number ≥ 0%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a finite number%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a multiple of %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a rank in %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an integer in %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an integer ≥ %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an integer%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a number or a hardware figure key (hw.<preset>.<figure>)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a number > 0 (µs); result skipped%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a number > 0%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a number ≥ 0%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a number%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a whole number in %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a whole byte count in [0, 1 TiB]; result skipped%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a whole element count ≥ 0; result skipped%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be at least %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be at most 2147483647 in magnitude%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be at most 1 TiB (2^40 bytes); row skipped%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be at most %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be greater than %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be between 1 and 1099511627776 (1 TiB)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be between 0 and 1099511627776 (1 TiB)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be between 1 and 65536 for a schedule%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be between %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be in [0, 1] (fraction of the animation)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be in (0, 0.5) (relative)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be in [1, 1024] (a node with no NIC cannot reach another node)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be in [1, 100000000] (0: 2 · gpus)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be in [0, 1024] (0: every core)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be in %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be 1 unless %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be 1%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be -1 (no root) or a rank in [0, %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be -1 or a rank; row skipped%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be > 0 for a size > 0; row skipped%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must divide %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must equal the file name without .json %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must equal nodes × gpus per node = %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must equal %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "needs a power of two%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "not defined for %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "not defined on this topology %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown preset (known: %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown preset %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown model (known: %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown key (expected one of: %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown key %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown key%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown fabric (known: ib, roce, efa, ethernet)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown type (float, half, bfloat16, double, int8, ...)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be combined with %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be compared with %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "does not match %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "does not hold: %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "does not fit the formula's answer (%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "does not fit the answer of %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "does not name a lesson step (lesson-id#step-id)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "does not resolve%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is not an object, so it has no field %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "needs fp8 tensor cores (Hopper or later), which this preset lacks: %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be written: %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "was written, but its folder could not be synced: %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "cannot be inflated: zlib could not start%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "inflates to more than %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is a folder, not a file%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is larger than %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a regular file%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a directory%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is not valid gzip data: it ends before the compressed stream does%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is not valid gzip data: %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "malformed JSON: %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "too large to hold in memory%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a JSON object%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be true or false%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must name a field such as comm.bucket_MiB%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be one JSON object per line%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be ≥ 0, or -1 when not checked%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be ≥ 0; row skipped%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be ≥ %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a string or null%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a string%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a non-empty string%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a non-empty array of steps%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a non-empty list of rows%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an array of strings%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an array of at least two texts%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an array of runs%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an object with \"en\" and \"zh_CN\"%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an object with \"scenario\" and \"measured\"%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an object of dotted path → value%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an object of name → scene%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an object {field|metric, op, value}%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an object name → values%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be an object%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be one of %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown data type; result skipped%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown data type; row skipped%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown data type%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "unknown collective%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "has an empty path segment%1"),
    // --- lessons: files, steps, scenes, tasks
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is missing or empty: every text needs both languages%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be collective for a collective scene%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be timeline or charts for a scenario scene%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be \"collective\" or \"scenario\"%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "needs exactly one of \"field\" or \"metric\"%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem",
        "must be a name of letters, digits and _ that no figure prefix uses (scene, cost, metrics, …)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a curriculum topic id (see lessons/README.md)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is used by an earlier step of this lesson%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "contains no lesson files (*.json)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a collective (%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is not an algorithm (%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be auto, LL, LL128 or Simple%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a data type (bf16, fp16, fp32, fp8, int8, ...)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a size such as 64MiB, 1GiB or 4096%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a numeric figure of the scene%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a field of the scene%1"),
    // --- questions
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be \"lesson-id#step-id\"%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must index one of the choices (0-based)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a known formula (lessons/README.md lists them)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a known formula%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "needs min ≤ max and 0 < step with at most 10,000 values%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "step is below the precision of min and max (a double)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a list of values or {min, max, step}%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "has no values%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a named model (commtutor-cli search --help lists them)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is not a hardware preset id%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be choice, numeric, open or design%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "the file must be an object {\"questions\": [...]}%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is used by another question%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "is not the id of a question%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "leads back to a question of its chain%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "every generated figure must be finite%1"),
    // --- training scenarios and the step simulator
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be \"gelu\" or \"swiglu\"%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem",
        "2·cp must divide model.seq_len, which Megatron-Core splits into 2·cp chunks; model.seq_len = %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem",
        "needs compute.flash_attention = true: ring attention runs FlashAttention block by block%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be \"gpipe\", \"1f1b\" or \"interleaved\"%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a data type such as \"bf16\", \"fp16\" or \"fp32\"%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a data type such as \"bf16\" or \"fp32\"%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be \"bf16\" or \"fp8\"%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be \"none\", \"selective\" or \"full\"%1"),
    QT_TRANSLATE_NOOP(
        "tutor::views::Problem", "the stages' orders wait on each other (deadlock); please report this scenario%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "needs iteration_s, tokens_per_s_per_gpu, tflops_per_gpu or mfu > 0%1"),
    // --- collectives: requests, schedules, protocols
    QT_TRANSLATE_NOOP("tutor::views::Problem", "no algorithm can run this collective with it on this topology%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "no algorithm can run this request%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "NVLS runs the Simple protocol only%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "NVLSTree and CollNet run the Simple protocol only%1"),
    QT_TRANSLATE_NOOP(
        "tutor::views::Problem", "LL128 needs NVLink inside the node (NCCL enables it by default only there)%1"),
    // --- measurements, nccl-tests import, calibration, validation sets
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be a count or N/A; row skipped%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "per-iteration columns must be numbers (µs); row skipped%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem",
        "a data row has size count type [redop] [root], then time algbw busbw #wrong (and i_min i_max i_p99 i_cv% "
        "with -I 1) for out-of-place and in-place, then a timestamp with -S 1; row skipped%1"),
    QT_TRANSLATE_NOOP(
        "tutor::views::Problem", "this run's header has no data rows after it (the test failed or the log was cut)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "an nccl-tests -J file is an object with a \"results\" list%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "the -J file has no timed result%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "unexpected value type (%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "no data rows (size count type redop root time algbw busbw #wrong)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem",
        "no nccl-tests data rows (size count type [redop] [root] time algbw busbw #wrong ...)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem",
        "no \"# Collective test starting\" line, no <name>_perf binary in the log and none in the file name; pass "
        "the collective (--op)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "no \"#  Rank N\" device lines; pass the rank count (--ranks)%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "calibration needs at least 2 sizes%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "calibration needs at least 2 distinct sizes of %1"),
    QT_TRANSLATE_NOOP(
        "tutor::views::Problem", "show no bandwidth term (time does not grow with size); add larger sizes%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must be algorithm/protocol, e.g. \"ring/LL128\"%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "must name an algorithm, e.g. \"ring\" or \"nvls/Simple\"%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "nodes × gpus_per_node must not exceed %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "the validation set is an object with a \"runs\" list%1"),
    // --- the worker protocol
    QT_TRANSLATE_NOOP("tutor::views::Problem", "this reader speaks protocol %1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "empty line%1"),
    // --- profiler traces
    QT_TRANSLATE_NOOP(
        "tutor::views::Problem", "a PyTorch profiler trace is a JSON object with a \"traceEvents\" array%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem",
        "hold no GPU kernel (cat \"kernel\" or \"gpu_memcpy\"): record the trace with ProfilerActivity.CUDA to "
        "analyse communication%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "open at least one PyTorch profiler trace%1"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "more traces than distributedInfo.world_size = %1"),
};

// What the importers append to a rule when they skip a row or a result, translated on its own so that a rule the
// table has only without it still reads whole.
static_assert(std::ranges::all_of(kRuleWordings, [](std::string_view w) { return w.ends_with("%1"); }),
    "every rule wording ends with the %1 its prefix is followed by");

constexpr const char* kSkipSuffixes[] = {
    QT_TRANSLATE_NOOP("tutor::views::Problem", "; row skipped"),
    QT_TRANSLATE_NOOP("tutor::views::Problem", "; result skipped"),
};

/// A wording's prefix: the source text without its trailing %1.
std::string_view prefixOf(std::string_view wording)
{
    return wording.substr(0, wording.size() - 2);
}

// The table's wording `rule` starts with (the first that fits), or null.
const char* wordingOf(std::string_view rule)
{
    for (const char* w : kRuleWordings)
        if (rule.starts_with(prefixOf(w)))
            return w;
    return nullptr;
}

QString translatedRule(std::string_view rule)
{
    const auto translate = [](const char* text) { return QCoreApplication::translate("tutor::views::Problem", text); };
    const char* match = wordingOf(rule);
    for (const char* s : kSkipSuffixes) {
        const std::string_view suffix(s);
        const bool matchHasIt = match && prefixOf(match).ends_with(suffix);
        if (!matchHasIt && rule.size() > suffix.size() && rule.ends_with(suffix))
            return translatedRule(rule.substr(0, rule.size() - suffix.size())) + translate(s);
    }
    if (auto templated = templatedRule(rule, &translatedRule))
        return *templated;
    if (match)
        return translate(match).arg(toQString(rule.substr(prefixOf(match).size())));
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
    // A message that is a rule from its start ("empty line", a patterned one such as "not a JSON record (…): …") has no
    // field. Otherwise the rule starts after the first ": " that follows " = " (a value may hold ": " only inside
    // quotes, which the writers show escaped), or after the first ": " when there is no value.
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
