// SPDX-License-Identifier: MIT
// The scenario's choices by name: the words a scenario file uses for each enumeration of scenario.h, and back.
#include "model/sim/scenario.h"

#include <span>

namespace tutor::model {

std::string_view name(PipelineSchedule schedule)
{
    switch (schedule) {
    case PipelineSchedule::GPipe:
        return "gpipe";
    case PipelineSchedule::OneFOneB:
        return "1f1b";
    case PipelineSchedule::Interleaved:
        return "interleaved";
    }
    return "?";
}

namespace {
// The value among `values` whose name() is `text`.
template <class Choice> std::optional<Choice> byName(std::string_view text, std::span<const Choice> values)
{
    for (auto v : values)
        if (text == name(v))
            return v;
    return std::nullopt;
}
} // namespace

std::optional<PipelineSchedule> parsePipelineSchedule(std::string_view text)
{
    static constexpr PipelineSchedule kAll[]
        = { PipelineSchedule::GPipe, PipelineSchedule::OneFOneB, PipelineSchedule::Interleaved };
    if (auto s = byName<PipelineSchedule>(text, kAll))
        return s;
    if (text == "interleaved-1f1b" || text == "interleaved_1f1b")
        return PipelineSchedule::Interleaved;
    return std::nullopt;
}

std::string_view name(Recompute recompute)
{
    switch (recompute) {
    case Recompute::None:
        return "none";
    case Recompute::Selective:
        return "selective";
    case Recompute::SelectiveOp:
        return "selective-op";
    case Recompute::Full:
        return "full";
    }
    return "?";
}

std::span<const Recompute> recomputeChoices()
{
    static constexpr Recompute kAll[]
        = { Recompute::None, Recompute::Selective, Recompute::SelectiveOp, Recompute::Full };
    return kAll;
}

std::optional<Recompute> parseRecompute(std::string_view text)
{
    return byName(text, recomputeChoices());
}

std::string_view name(Elementwise elementwise)
{
    return elementwise == Elementwise::Eager ? "eager" : "fused";
}

std::optional<Elementwise> parseElementwise(std::string_view text)
{
    static constexpr Elementwise kAll[] = { Elementwise::Fused, Elementwise::Eager };
    return byName<Elementwise>(text, kAll);
}

std::string_view name(Fp8Scaling scaling)
{
    switch (scaling) {
    case Fp8Scaling::Dynamic:
        return "dynamic";
    case Fp8Scaling::Current:
        return "current";
    case Fp8Scaling::Mxfp8:
        return "mxfp8";
    case Fp8Scaling::Fused:
        break;
    }
    return "fused";
}

std::optional<Fp8Scaling> parseFp8Scaling(std::string_view text)
{
    static constexpr Fp8Scaling kAll[]
        = { Fp8Scaling::Fused, Fp8Scaling::Dynamic, Fp8Scaling::Current, Fp8Scaling::Mxfp8 };
    return byName<Fp8Scaling>(text, kAll);
}

std::string_view name(CudaGraphs graphs)
{
    switch (graphs) {
    case CudaGraphs::Scoped:
        return "scoped";
    case CudaGraphs::FullIteration:
        return "full_iteration";
    case CudaGraphs::None:
        break;
    }
    return "none";
}

std::optional<CudaGraphs> parseCudaGraphs(std::string_view text)
{
    static constexpr CudaGraphs kAll[] = { CudaGraphs::None, CudaGraphs::Scoped, CudaGraphs::FullIteration };
    return byName<CudaGraphs>(text, kAll);
}

std::string_view name(AttentionKernel kernel)
{
    switch (kernel) {
    case AttentionKernel::Flash2:
        return "flash2";
    case AttentionKernel::Triton:
        return "triton";
    case AttentionKernel::Cudnn:
        break;
    }
    return "cudnn";
}

std::optional<AttentionKernel> parseAttentionKernel(std::string_view text)
{
    static constexpr AttentionKernel kAll[]
        = { AttentionKernel::Cudnn, AttentionKernel::Flash2, AttentionKernel::Triton };
    return byName<AttentionKernel>(text, kAll);
}

std::string_view name(Precision precision)
{
    return precision == Precision::Fp8 ? "fp8" : "bf16";
}

std::optional<Precision> parsePrecision(std::string_view text)
{
    static constexpr Precision kAll[] = { Precision::Bf16, Precision::Fp8 };
    return byName<Precision>(text, kAll);
}

} // namespace tutor::model
