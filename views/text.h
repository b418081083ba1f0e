// SPDX-License-Identifier: MIT
#pragma once
// Model values as display text: the one place the window and the views turn model strings and units into
// QString, so every page writes a size, a time or a percentage the same way.
#include "model/collectives/hardware.h"
#include "model/collectives/problem.h"
#include "model/collectives/units.h"
#include "model/io/localizedtext.h"

#include <QColor>
#include <QComboBox>
#include <QString>
#include <string>
#include <string_view>

namespace tutor::model {
enum class Recompute; // model/sim/scenario.h
enum class Elementwise; // model/sim/scenario.h
enum class Fp8Scaling; // model/sim/scenario.h
enum class AttentionKernel; // model/sim/scenario.h
enum class CudaGraphs; // model/sim/scenario.h
} // namespace tutor::model

namespace tutor::views {

/// UTF-8 text from the model (names, problems, lesson prose) as a QString.
QString toQString(std::string_view utf8);
/// `text` in the interface's language (QLocale's default: Chinese shows the zh_CN side where there is one).
QString toQString(const model::LocalizedText& text);
/// A hardware preset's display name in the interface's language.
QString presetName(const model::HardwarePreset& preset);
/// The display name of the preset with this id; empty when no preset has it.
QString presetName(const QString& id);
/// Sets the text of every item of `box` whose data is a preset id to that preset's name in the current language
/// (after a language change); other items (a calibrated profile) keep theirs.
void relabelPresets(QComboBox* box);
/// Activation recomputation as the interface names it: none, selective, full (无, 选择性, 完全).
QString recomputeText(model::Recompute recompute);
/// How element-wise work runs as the interface names it: fused kernels, or PyTorch eager (融合内核, PyTorch eager).
QString elementwiseText(model::Elementwise elementwise);
/// How fp8 operands are cast as the interface names it: inside Transformer Engine's kernels, or by torchao's own.
QString fp8ScalingText(model::Fp8Scaling scaling);
/// The fused attention kernel as the interface names it, with the frameworks that run it.
QString attentionKernelText(model::AttentionKernel kernel);
QString cudaGraphsText(model::CudaGraphs graphs);
/// model::formatSeconds: "12.3 µs", "4.56 ms".
QString secondsText(model::Seconds seconds);
/// model::formatBytes: "256 MiB".
QString bytesText(model::Bytes bytes);
/// A fraction as a percentage with one decimal: 0.123 → "12.3 %".
QString percentText(double fraction);
/// A bandwidth with two decimals below 10 GB/s and one above: "7.41 GB/s", "123.4 GB/s".
QString bandwidthText(double gbps);

/// A problem as the window shows it: "where: field = value: rule" (Problem::text()) with the rule in the interface's
/// language where its wording is one the model uses ("must divide model.heads = 32" → "必须整除 model.heads = 32");
/// field paths, values and unknown wordings stay as written.
QString problemText(const model::Problem& problem);
/// Every problem, one per line.
QString problemsText(const model::Problems& problems);
/// A problem already written out as "field = value: rule" or "field: rule" (the worker protocol's parse errors), with
/// the rule in the interface's language as problemText() gives it.
QString writtenProblemText(std::string_view written);

/// The colour of error text in rich-text panels (the light palette's error colour, readable on both themes).
QColor errorColor();
/// `text` escaped and wrapped in a paragraph (or `tag`) in errorColor(): "<p style='color:#cf222e'>…</p>".
QString errorHtml(const QString& text, const char* tag = "p");

} // namespace tutor::views
