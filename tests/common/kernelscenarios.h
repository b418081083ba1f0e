// SPDX-License-Identifier: MIT
#pragma once
// Scenarios and presets the compute-model tests build on: a GPT-shaped model on one H100 and a Llama-shaped one.
#include "model/collectives/hardware.h"
#include "model/sim/scenario.h"

#include <QtGlobal>

namespace tutor::testing {

inline model::HardwarePreset preset(const char* id)
{
    auto p = model::findPreset(id);
    if (!p)
        qFatal("no preset %s", id);
    return p.value();
}

inline model::Scenario gpt(int hidden, int heads, int layers = 8)
{
    model::Scenario s;
    s.name.en = "test";
    s.hardware.preset = "hgx-h100";
    s.hardware.gpusPerNode = 1;
    s.model = { .layers = layers, .hidden = hidden, .heads = heads, .seqLen = 2048, .vocab = 51200 };
    return s;
}

// A Llama-shaped layer: GQA with 8 K/V heads, SwiGLU (or a plain MLP) of width 14336.
inline model::Scenario llamaLike(int layers, bool gated = true)
{
    auto s = gpt(4096, 32, layers);
    s.model.kvHeads = 8;
    s.model.ffn = 14336;
    s.model.gatedMlp = gated;
    return s;
}

} // namespace tutor::testing
