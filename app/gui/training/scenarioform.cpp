// SPDX-License-Identifier: MIT
#include "scenarioform.h"

#include "app/datadir/datadir.h"
#include "app/gui/pagestack.h"
#include "model/collectives/hardware.h"
#include "model/sim/scenarioio.h"
#include "views/palette.h"
#include "views/text.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>
#include <array>
#include <nlohmann/json.hpp>

namespace tutor::app {

using views::toQString;

namespace {

constexpr model::DType kWireTypes[]
    = { model::DType::Fp32, model::DType::Bf16, model::DType::Fp16, model::DType::Fp8E4M3, model::DType::Fp8E5M2 };

void setComboData(QComboBox* combo, const QVariant& data)
{
    const int i = combo->findData(data);
    combo->setCurrentIndex(i >= 0 ? i : 0);
}

// One item per choice of an enum, its text from `text`, its data the enum's value.
template <typename Enum, typename Choices, typename Text>
void addChoices(QComboBox* combo, const Choices& choices, Text text)
{
    for (Enum choice : choices)
        combo->addItem(text(choice), static_cast<int>(choice));
}

// The items' texts again from their enum values (after a language change).
template <typename Enum, typename Text> void relabelChoices(QComboBox* combo, Text text)
{
    for (int i = 0; i < combo->count(); ++i)
        combo->setItemText(i, text(static_cast<Enum>(combo->itemData(i).toInt())));
}

} // namespace

ScenarioForm::ScenarioForm(QWidget* parent)
    : QWidget(parent)
{
    m_filling = true; // no scenarioEdited while the fields are being created
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new PanelScrollArea(this);
    outer->addWidget(scroll);
    m_body = new QWidget(scroll);
    scroll->setWidget(m_body);
    auto* layout = new QVBoxLayout(m_body);

    auto* top = new QFormLayout;
    m_examples = new QComboBox(m_body);
    m_exampleLabel = new QLabel(m_body);
    top->addRow(m_exampleLabel, m_examples);
    layout->addLayout(top);
    m_problems = new QLabel(m_body);
    m_problems->setWordWrap(true);
    m_problems->setTextFormat(Qt::RichText);
    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problems->setVisible(false);
    layout->addWidget(m_problems);

    QFormLayout* hw = addGroup(QT_TR_NOOP("Hardware"));
    m_preset = addCombo(hw, QT_TR_NOOP("Preset"), QT_TR_NOOP("Machine type: GPUs per node, NVLink and network figures"),
        "hardware.preset");
    for (const auto& preset : model::presets())
        m_preset->addItem(views::presetName(preset), toQString(preset.id));
    refreshCalibratedProfile();
    m_nodes = addInt(hw, QT_TR_NOOP("Nodes"), QT_TR_NOOP("Number of machines"), "hardware.nodes", 1, 16384);
    m_gpusPerNode = addInt(hw, QT_TR_NOOP("GPUs per node"), QT_TR_NOOP("GPUs in each machine (0: the preset's)"),
        "hardware.gpus_per_node", 0, 64);

    QFormLayout* shape = addGroup(QT_TR_NOOP("Model"));
    m_layers = addInt(shape, QT_TR_NOOP("Layers"), QT_TR_NOOP("Transformer layers"), "model.layers", 1, 1024);
    m_hidden = addInt(shape, QT_TR_NOOP("Hidden size"), QT_TR_NOOP("Model width h"), "model.hidden", 1, 131072);
    m_ffn = addInt(
        shape, QT_TR_NOOP("FFN size"), QT_TR_NOOP("Feed-forward width (0: 4 × hidden)"), "model.ffn", 0, 524288);
    m_heads = addInt(shape, QT_TR_NOOP("Attention heads"), QT_TR_NOOP("Heads; tensor parallelism must divide them"),
        "model.heads", 1, 1024);
    m_seqLen
        = addInt(shape, QT_TR_NOOP("Sequence length"), QT_TR_NOOP("Tokens per sequence"), "model.seq_len", 1, 1048576);
    m_vocab = addInt(shape, QT_TR_NOOP("Vocabulary"), QT_TR_NOOP("Vocabulary size (embedding and output head)"),
        "model.vocab", 1, 4194304);
    m_experts = addInt(shape, QT_TR_NOOP("MoE experts"), QT_TR_NOOP("Experts per MoE layer (0: a dense model)"),
        "model.moe.experts", 0, 4096);
    m_topK = addInt(
        shape, QT_TR_NOOP("MoE top-k"), QT_TR_NOOP("Experts each token is routed to"), "model.moe.top_k", 1, 64);
    m_expertFfn = addInt(shape, QT_TR_NOOP("Expert FFN size"),
        QT_TR_NOOP("Feed-forward width of one routed expert (0: the FFN size)"), "model.moe.expert_ffn", 0, 524288);
    m_sharedExpertFfn = addInt(shape, QT_TR_NOOP("Shared expert FFN"),
        QT_TR_NOOP("Feed-forward width of the shared expert every token also runs (0: none)"),
        "model.moe.shared_expert_ffn", 0, 524288);
    m_firstDense = addInt(shape, QT_TR_NOOP("Leading dense layers"),
        QT_TR_NOOP("Layers before the first MoE layer that keep the dense FFN (DeepSeek's first_k_dense_replace)"),
        "model.moe.first_dense_layers", 0, 1023);
    m_kvLora = addInt(shape, QT_TR_NOOP("KV latent (MLA)"),
        QT_TR_NOOP("Width of multi-head latent attention's key-value latent (0: standard attention)"),
        "model.mla.kv_lora_rank", 0, 65536);
    m_qLora = addInt(shape, QT_TR_NOOP("Q latent (MLA)"),
        QT_TR_NOOP("Width of the query latent under multi-head latent attention (0: queries projected directly)"),
        "model.mla.q_lora_rank", 0, 65536);

    QFormLayout* par = addGroup(QT_TR_NOOP("Parallelism"));
    m_dp = addInt(par, QT_TR_NOOP("Data parallel (DP)"), QT_TR_NOOP("Replicas that each see a slice of the batch"),
        "parallel.dp", 1, 1048576);
    m_tp = addInt(par, QT_TR_NOOP("Tensor parallel (TP)"), QT_TR_NOOP("GPUs that split every layer (Megatron-LM)"),
        "parallel.tp", 1, 1024);
    m_pp = addInt(par, QT_TR_NOOP("Pipeline parallel (PP)"),
        QT_TR_NOOP("Pipeline stages, each holding a slice of the layers"), "parallel.pp", 1, 1024);
    m_ep = addInt(par, QT_TR_NOOP("Expert parallel (EP)"),
        QT_TR_NOOP("GPUs that share the experts, out of a stage's TP · CP · DP"), "parallel.ep", 1, 4096);
    m_etp = addInt(par, QT_TR_NOOP("Expert tensor parallel"),
        QT_TR_NOOP("GPUs that split each routed expert (Megatron-Core --expert-tensor-parallel-size); 1 keeps experts "
                   "whole and puts an EP group on consecutive GPUs"),
        "parallel.etp", 0, 1024);
    m_cp = addInt(par, QT_TR_NOOP("Context parallel (CP)"),
        QT_TR_NOOP("GPUs that split every sequence; attention passes K and V around them in a ring"), "parallel.cp", 1,
        1024);
    m_sp = addCheck(par, QT_TR_NOOP("Sequence parallel"),
        QT_TR_NOOP("Megatron sequence parallelism: each TP AllReduce becomes ReduceScatter + AllGather"),
        "parallel.sp");
    m_zero = addCombo(par, QT_TR_NOOP("ZeRO stage"),
        QT_TR_NOOP("0: DDP; 1: shard optimizer states; 2: also gradients; 3: also parameters"), "parallel.zero_stage");
    for (int stage = 0; stage <= 3; ++stage)
        m_zero->addItem(QString::number(stage), stage);
    m_virtualStages = addInt(par, QT_TR_NOOP("Virtual stages"),
        QT_TR_NOOP("Model chunks per pipeline stage (interleaved schedule)"), "parallel.virtual_stages", 1, 64);
    m_schedule = addCombo(par, QT_TR_NOOP("Pipeline schedule"),
        QT_TR_NOOP("GPipe: all forwards then all backwards; 1F1B: alternate; interleaved: 1F1B over virtual stages"),
        "parallel.schedule");
    for (auto schedule :
        { model::PipelineSchedule::GPipe, model::PipelineSchedule::OneFOneB, model::PipelineSchedule::Interleaved })
        m_schedule->addItem(toQString(model::name(schedule)), static_cast<int>(schedule));

    QFormLayout* batch = addGroup(QT_TR_NOOP("Batch"));
    m_microBatchSize = addInt(batch, QT_TR_NOOP("Micro-batch size"),
        QT_TR_NOOP("Sequences per micro-batch per replica"), "batch.micro_batch_size", 1, 65536);
    m_microBatches = addInt(batch, QT_TR_NOOP("Micro-batches"), QT_TR_NOOP("Micro-batches per pipeline pass (m)"),
        "batch.micro_batches", 1, 65536);
    m_gradAccum = addInt(batch, QT_TR_NOOP("Gradient accumulation"),
        QT_TR_NOOP("Passes accumulated locally (no_sync) before one gradient synchronisation"), "batch.grad_accum", 1,
        65536);

    QFormLayout* comm = addGroup(QT_TR_NOOP("Communication"));
    m_bucket = addDouble(comm, QT_TR_NOOP("Bucket size (MiB)"),
        QT_TR_NOOP("DDP gradient bucket cap (PyTorch bucket_cap_mb, default 25)"), "comm.bucket_MiB", 0.01, 65536, 1,
        2);
    m_overlap = addCheck(comm, QT_TR_NOOP("Overlap with backward"),
        QT_TR_NOOP("Launch each bucket's collective while backward still runs"), "comm.overlap");
    m_prefetch = addInt(comm, QT_TR_NOOP("Prefetch depth"),
        QT_TR_NOOP("ZeRO-3 / FSDP: layers whose AllGather may run ahead of compute"), "comm.prefetch_depth", 0, 64);
    m_tpOverlap = addCheck(comm, QT_TR_NOOP("TP comm overlap"),
        QT_TR_NOOP("Megatron-LM --tp-comm-overlap: the sequence-parallel AllGather and ReduceScatter run in tp chunks "
                   "beside the GEMM next to them (needs sequence parallel)"),
        "comm.tp_overlap");
    m_paramGather = addCheck(comm, QT_TR_NOOP("Param gather overlap"),
        QT_TR_NOOP("Megatron-LM --overlap-param-gather: ZeRO-1/2's parameter AllGather runs under the next step's "
                   "first forward instead of after the optimizer"),
        "comm.overlap_param_gather");
    m_flexDispatcher = addCheck(comm, QT_TR_NOOP("MoE flex dispatcher"),
        QT_TR_NOOP("Megatron-Core's flex token dispatcher (DeepEP, HybridEP): a token goes once to each GPU of its "
                   "node and once to each other node holding its experts, instead of once per expert"),
        "comm.moe_flex_dispatcher");
    m_epOverlap = addCheck(comm, QT_TR_NOOP("MoE EP overlap"),
        QT_TR_NOOP("Megatron-Core --overlap-moe-expert-parallel-comm: each steady-state forward runs beside another "
                   "micro-batch's backward, so one's dispatch and combine hide under the other's compute (needs "
                   "expert parallelism and, with pipelining, virtual stages)"),
        "comm.moe_ep_overlap");
    m_dtype = addCombo(comm, QT_TR_NOOP("Wire dtype"),
        QT_TR_NOOP("Element type of gradients and activations on the wire"), "comm.dtype");
    for (auto type : kWireTypes)
        m_dtype->addItem(toQString(model::name(type)), static_cast<int>(type));

    QFormLayout* compute = addGroup(QT_TR_NOOP("Compute"));
    m_efficiency = addDouble(compute, QT_TR_NOOP("GEMM efficiency"),
        QT_TR_NOOP("Fraction of peak FLOP/s a large matrix multiply reaches; \"preset\" uses the GPU's fitted figure "
                   "(element-wise work and attention are costed separately)"),
        "compute.efficiency", 0, 1, 0.05, 2);
    m_recompute = addCombo(compute, QT_TR_NOOP("Recomputation"),
        QT_TR_NOOP("Activation recomputation: none, selective (Megatron: core attention), selective op-level "
                   "(torchtitan: element-wise ops and every second matmul) or full (whole layers)"),
        "compute.recompute");
    addChoices<model::Recompute>(m_recompute, model::recomputeChoices(), views::recomputeText);
    m_elementwise = addCombo(compute, QT_TR_NOOP("Element-wise kernels"),
        QT_TR_NOOP("Fused: norms, activations and residual adds one pass over memory each (Megatron, Transformer "
                   "Engine, torch.compile). Eager: PyTorch runs every op of RMSNorm, RoPE and SwiGLU as its own kernel "
                   "(torchtitan without torch.compile)"),
        "compute.elementwise");
    addChoices<model::Elementwise>(
        m_elementwise, std::array { model::Elementwise::Fused, model::Elementwise::Eager }, views::elementwiseText);
    m_attentionKernel = addCombo(compute, QT_TR_NOOP("Attention kernel"),
        QT_TR_NOOP("The fused attention kernel: cuDNN's, which Transformer Engine (Megatron, NeMo) runs on Hopper and "
                   "later at about 53 % of peak on H100, FlashAttention-2, PyTorch's scaled_dot_product_attention "
                   "(torchtitan) at about 33 %, or the Triton FlashAttention llm-foundry's MPT ran in 2023, at about "
                   "half FlashAttention-2's rate. On A100 cuDNN's is FlashAttention-2"),
        "compute.attention_kernel");
    addChoices<model::AttentionKernel>(m_attentionKernel,
        std::array { model::AttentionKernel::Cudnn, model::AttentionKernel::Flash2, model::AttentionKernel::Triton },
        views::attentionKernelText);
    m_cudaGraphs = addCombo(compute, QT_TR_NOOP("CUDA graphs"),
        QT_TR_NOOP("What the run replays as CUDA graphs. Without them every kernel is launched from the host, and an "
                   "MoE layer lasts at least the host's time to launch its kernels (fitted on DGX H100 and B200 "
                   "runs): small experts then wait on the CPU. Per-layer scopes (Transformer Engine) or the whole "
                   "iteration take that wait away"),
        "compute.cuda_graphs");
    addChoices<model::CudaGraphs>(m_cudaGraphs,
        std::array { model::CudaGraphs::None, model::CudaGraphs::Scoped, model::CudaGraphs::FullIteration },
        views::cudaGraphsText);
    m_precision = addCombo(compute, QT_TR_NOOP("GEMM precision"),
        QT_TR_NOOP("The tensor-core peak the layers' matrix multiplies run at: bf16, or fp8 on Hopper and later "
                   "(attention, element-wise work and the output layer stay in bf16)"),
        "compute.precision");
    addChoices<model::Precision>(m_precision, std::array { model::Precision::Bf16, model::Precision::Fp8 },
        [](model::Precision p) { return toQString(model::name(p)); });
    m_fp8Scaling = addCombo(compute, QT_TR_NOOP("fp8 casts"),
        QT_TR_NOOP("Under fp8: Transformer Engine's delayed scaling has the norms write fp8 themselves and casts "
                   "every other GEMM input and gradient with one kernel; torchao's dynamic scaling (torchtitan's "
                   "Float8) scans and casts every input, weight and gradient with kernels of its own; Transformer "
                   "Engine's current scaling (FP8-CS) runs an amax kernel and a cast per GEMM input and gradient (a "
                   "norm finds its output's amax itself), MXFP8 one quantize kernel. Transformer Engine casts each "
                   "weight once a step, and on Blackwell its per-tensor recipes write no transposed copy"),
        "compute.fp8_scaling");
    addChoices<model::Fp8Scaling>(m_fp8Scaling,
        std::array { model::Fp8Scaling::Fused, model::Fp8Scaling::Current, model::Fp8Scaling::Mxfp8,
            model::Fp8Scaling::Dynamic },
        views::fp8ScalingText);
    m_interference = addDouble(compute, QT_TR_NOOP("Interference"),
        QT_TR_NOOP("Compute slow-down while gradient communication or an overlapped MoE transfer runs beside it "
                   "(0.1 = 10 % slower)"),
        "compute.interference", 0, 10, 0.05, 2);
    m_stragglerRank = addInt(compute, QT_TR_NOOP("Straggler rank"),
        QT_TR_NOOP("A rank that computes slower (-1: none)"), "straggler.rank", -1, 1048575);
    m_stragglerSlowdown = addDouble(compute, QT_TR_NOOP("Straggler slow-down (%)"),
        QT_TR_NOOP("How much slower the straggler computes"), "straggler.slowdown_pct", 0, 1000, 5, 1);
    layout->addStretch(1);

    fillExamples();
    connect(m_examples, &QComboBox::activated, this, [this](int index) {
        const QString path = m_examples->itemData(index).toString();
        if (!path.isEmpty())
            emit exampleChosen(path);
    });
    retranslate();
    setScenario(m_scenario);
}

QFormLayout* ScenarioForm::addGroup(const char* title)
{
    auto* box = new QGroupBox(m_body);
    auto* form = new QFormLayout(box);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_body->layout()->addWidget(box);
    m_groups.emplace_back(box, title);
    return form;
}

QSpinBox* ScenarioForm::addInt(
    QFormLayout* form, const char* label, const char* tooltip, const std::string& path, int min, int max)
{
    auto* spin = new QSpinBox(m_body);
    spin->setRange(min, max);
    spin->setKeyboardTracking(false);
    spin->setAccelerated(true);
    form->addRow(new QLabel(m_body), spin);
    m_fields.push_back({ spin, form, label, tooltip, path });
    connect(spin, &QSpinBox::valueChanged, this, &ScenarioForm::edited);
    return spin;
}

QDoubleSpinBox* ScenarioForm::addDouble(QFormLayout* form, const char* label, const char* tooltip,
    const std::string& path, double min, double max, double step, int decimals)
{
    auto* spin = new QDoubleSpinBox(m_body);
    spin->setRange(min, max);
    spin->setSingleStep(step);
    spin->setDecimals(decimals);
    spin->setKeyboardTracking(false);
    form->addRow(new QLabel(m_body), spin);
    m_fields.push_back({ spin, form, label, tooltip, path });
    connect(spin, &QDoubleSpinBox::valueChanged, this, &ScenarioForm::edited);
    return spin;
}

QComboBox* ScenarioForm::addCombo(QFormLayout* form, const char* label, const char* tooltip, const std::string& path)
{
    auto* combo = new QComboBox(m_body);
    form->addRow(new QLabel(m_body), combo);
    m_fields.push_back({ combo, form, label, tooltip, path });
    connect(combo, &QComboBox::currentIndexChanged, this, &ScenarioForm::edited);
    return combo;
}

QCheckBox* ScenarioForm::addCheck(QFormLayout* form, const char* label, const char* tooltip, const std::string& path)
{
    auto* check = new QCheckBox(m_body);
    form->addRow(new QLabel(m_body), check);
    m_fields.push_back({ check, form, label, tooltip, path });
    connect(check, &QCheckBox::toggled, this, &ScenarioForm::edited);
    return check;
}

void ScenarioForm::refreshCalibratedProfile()
{
    m_calibrated = loadCalibratedChoice();
    offerCalibrated(m_preset, m_calibrated);
}

void ScenarioForm::retranslate()
{
    views::relabelPresets(m_preset);
    offerCalibrated(m_preset, m_calibrated); // relabelled in the new language; the file is read when it changes
    m_exampleLabel->setText(tr("Example"));
    m_examples->setToolTip(tr("Load one of the example scenarios shipped with commtutor"));
    if (m_examples->count() > 0)
        m_examples->setItemText(0, tr("Choose an example…"));
    for (int i = 1; i < m_examples->count() && i <= m_exampleNames.size(); ++i) {
        const QString base = QFileInfo(m_examples->itemData(i).toString()).fileName();
        const QString name = views::toQString(m_exampleNames[i - 1]);
        m_examples->setItemText(i, name.isEmpty() ? base : QStringLiteral("%1 — %2").arg(base, name));
    }
    for (auto& [box, title] : m_groups)
        box->setTitle(tr(title));
    for (const Field& f : m_fields) {
        if (auto* label = qobject_cast<QLabel*>(f.form->labelForField(f.widget))) {
            label->setText(tr(f.label));
            label->setToolTip(tr(f.tooltip));
        }
        f.widget->setToolTip(tr(f.tooltip));
    }
    m_gpusPerNode->setSpecialValueText(tr("preset default"));
    m_etp->setSpecialValueText(tr("as TP"));
    m_ffn->setSpecialValueText(tr("4 × hidden"));
    m_experts->setSpecialValueText(tr("dense"));
    m_stragglerRank->setSpecialValueText(tr("none"));
    m_efficiency->setSpecialValueText(tr("preset"));
    m_zero->setItemText(0, tr("0 (DDP)"));
    relabelChoices<model::Recompute>(m_recompute, views::recomputeText);
    relabelChoices<model::Elementwise>(m_elementwise, views::elementwiseText);
    relabelChoices<model::Fp8Scaling>(m_fp8Scaling, views::fp8ScalingText);
    relabelChoices<model::AttentionKernel>(m_attentionKernel, views::attentionKernelText);
    relabelChoices<model::CudaGraphs>(m_cudaGraphs, views::cudaGraphsText);
    showProblems({}); // re-rendered by the stage with translated text when needed
}

void ScenarioForm::fillExamples()
{
    m_examples->clear();
    m_exampleNames.clear();
    m_examples->addItem(QString(), QString());
    const QDir dir(scenarioDirectory());
    for (const QFileInfo& file : dir.entryInfoList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name)) {
        const auto scenario = model::loadScenario(file.absoluteFilePath().toStdString());
        m_exampleNames.push_back(scenario.ok() ? scenario->name : model::LocalizedText {});
        m_examples->addItem(file.fileName(), file.absoluteFilePath());
    }
}

QStringList ScenarioForm::examples() const
{
    QStringList out;
    for (int i = 1; i < m_examples->count(); ++i)
        out << m_examples->itemData(i).toString();
    return out;
}

QString ScenarioForm::scenarioDirectory()
{
    const auto dir = findDataDir(DataKind::Scenarios, QCoreApplication::applicationDirPath().toStdString());
    return dir.empty() ? QString() : QDir(QString::fromStdString(dir.string())).absolutePath();
}

void ScenarioForm::setScenario(const model::Scenario& scenario)
{
    m_scenario = scenario;
    m_chunkLayers = scenario.parallel.chunkLayers;
    m_filling = true;
    const auto& s = scenario;
    // The calibrated entry stands for its base preset with exactly the fitted links as overrides.
    const bool calibrated
        = m_calibrated && s.hardware.preset == m_calibrated->base && hasCalibratedLinks(s.hardware, *m_calibrated);
    setComboData(m_preset, calibrated ? kCalibratedEntry : toQString(s.hardware.preset));
    m_nodes->setValue(s.hardware.nodes);
    m_gpusPerNode->setValue(s.hardware.gpusPerNode);
    m_layers->setValue(s.model.layers);
    m_hidden->setValue(s.model.hidden);
    m_ffn->setValue(s.model.ffn);
    m_heads->setValue(s.model.heads);
    m_seqLen->setValue(s.model.seqLen);
    m_vocab->setValue(s.model.vocab);
    m_experts->setValue(s.model.moe.experts);
    m_topK->setValue(s.model.moe.topK);
    m_expertFfn->setValue(s.model.moe.expertFfn);
    m_sharedExpertFfn->setValue(s.model.moe.sharedExpertFfn);
    m_firstDense->setValue(s.model.moe.firstDenseLayers);
    m_kvLora->setValue(s.model.mla.kvLoraRank);
    m_qLora->setValue(s.model.mla.qLoraRank);
    m_dp->setValue(s.parallel.dp);
    m_tp->setValue(s.parallel.tp);
    m_pp->setValue(s.parallel.pp);
    m_ep->setValue(s.parallel.ep);
    m_etp->setValue(s.parallel.etp);
    m_cp->setValue(s.parallel.cp);
    m_sp->setChecked(s.parallel.sp);
    setComboData(m_zero, s.parallel.zeroStage);
    m_virtualStages->setValue(s.parallel.virtualStages);
    setComboData(m_schedule, static_cast<int>(s.parallel.schedule));
    m_microBatchSize->setValue(s.batch.microBatchSize);
    m_microBatches->setValue(s.batch.microBatches);
    m_gradAccum->setValue(s.batch.gradAccum);
    m_bucket->setValue(s.comm.bucketMiB);
    m_overlap->setChecked(s.comm.overlap);
    m_prefetch->setValue(s.comm.prefetchDepth);
    m_tpOverlap->setChecked(s.comm.tpOverlap);
    m_paramGather->setChecked(s.comm.overlapParamGather);
    m_flexDispatcher->setChecked(s.comm.moeFlexDispatcher);
    m_epOverlap->setChecked(s.comm.moeEpOverlap);
    setComboData(m_dtype, static_cast<int>(s.comm.dtype));
    m_efficiency->setValue(s.compute.efficiency);
    setComboData(m_recompute, static_cast<int>(s.compute.recompute));
    setComboData(m_elementwise, static_cast<int>(s.compute.elementwise));
    setComboData(m_precision, static_cast<int>(s.compute.precision));
    setComboData(m_attentionKernel, static_cast<int>(s.compute.attentionKernel));
    setComboData(m_cudaGraphs, static_cast<int>(s.compute.cudaGraphs));
    setComboData(m_fp8Scaling, static_cast<int>(s.compute.fp8Scaling));
    m_interference->setValue(s.compute.interference);
    m_stragglerRank->setValue(s.straggler.rank);
    m_stragglerSlowdown->setValue(s.straggler.slowdownPct);
    m_filling = false;
}

void ScenarioForm::readFields()
{
    auto& s = m_scenario;
    const QString preset = m_preset->currentData().toString();
    if (preset == kCalibratedEntry && m_calibrated) {
        applyCalibrated(s.hardware, *m_calibrated);
    } else {
        // Leaving the calibrated entry drops the fitted links it had put in (a file's own overrides stay).
        if (m_calibrated && hasCalibratedLinks(s.hardware, *m_calibrated)) {
            s.hardware.intra = {};
            s.hardware.inter = {};
        }
        s.hardware.preset = preset.toStdString();
    }
    s.hardware.nodes = m_nodes->value();
    s.hardware.gpusPerNode = m_gpusPerNode->value();
    s.model.layers = m_layers->value();
    s.model.hidden = m_hidden->value();
    s.model.ffn = m_ffn->value();
    s.model.heads = m_heads->value();
    s.model.seqLen = m_seqLen->value();
    s.model.vocab = m_vocab->value();
    s.model.moe.experts = m_experts->value();
    s.model.moe.topK = m_topK->value();
    s.model.moe.expertFfn = m_expertFfn->value();
    s.model.moe.sharedExpertFfn = m_sharedExpertFfn->value();
    s.model.moe.firstDenseLayers = m_firstDense->value();
    s.model.mla.kvLoraRank = m_kvLora->value();
    s.model.mla.qLoraRank = m_qLora->value();
    s.parallel.dp = m_dp->value();
    s.parallel.tp = m_tp->value();
    s.parallel.pp = m_pp->value();
    s.parallel.ep = m_ep->value();
    s.parallel.etp = m_etp->value();
    s.parallel.cp = m_cp->value();
    s.parallel.sp = m_sp->isChecked();
    s.parallel.zeroStage = m_zero->currentData().toInt();
    s.parallel.virtualStages = m_virtualStages->value();
    s.parallel.schedule = static_cast<model::PipelineSchedule>(m_schedule->currentData().toInt());
    s.parallel.chunkLayers
        = model::chunkLayersFit(m_chunkLayers, s.model.layers, s.parallel.pp * s.parallel.virtualStages)
        ? m_chunkLayers
        : std::vector<int> {};
    s.batch.microBatchSize = m_microBatchSize->value();
    s.batch.microBatches = m_microBatches->value();
    s.batch.gradAccum = m_gradAccum->value();
    s.comm.bucketMiB = m_bucket->value();
    s.comm.overlap = m_overlap->isChecked();
    s.comm.prefetchDepth = m_prefetch->value();
    s.comm.tpOverlap = m_tpOverlap->isChecked();
    s.comm.overlapParamGather = m_paramGather->isChecked();
    s.comm.moeFlexDispatcher = m_flexDispatcher->isChecked();
    s.comm.moeEpOverlap = m_epOverlap->isChecked();
    s.comm.dtype = static_cast<model::DType>(m_dtype->currentData().toInt());
    s.compute.efficiency = m_efficiency->value();
    s.compute.recompute = static_cast<model::Recompute>(m_recompute->currentData().toInt());
    s.compute.elementwise = static_cast<model::Elementwise>(m_elementwise->currentData().toInt());
    s.compute.precision = static_cast<model::Precision>(m_precision->currentData().toInt());
    s.compute.attentionKernel = static_cast<model::AttentionKernel>(m_attentionKernel->currentData().toInt());
    s.compute.cudaGraphs = static_cast<model::CudaGraphs>(m_cudaGraphs->currentData().toInt());
    s.compute.fp8Scaling = static_cast<model::Fp8Scaling>(m_fp8Scaling->currentData().toInt());
    s.compute.interference = m_interference->value();
    s.straggler.rank = m_stragglerRank->value();
    s.straggler.slowdownPct = m_stragglerSlowdown->value();
}

void ScenarioForm::edited()
{
    if (m_filling)
        return;
    readFields();
    emit scenarioEdited(m_scenario);
}

void ScenarioForm::showProblems(const model::Problems& problems)
{
    // A problem names a field ("parallel.tp") or a product of fields ("parallel.dp·tp·pp"): mark each.
    auto names = [](const std::string& field, const std::string& path) {
        if (field == path || field.rfind(path + ".", 0) == 0)
            return true;
        const auto dot = field.rfind('.');
        const auto pathDot = path.rfind('.');
        if (dot == std::string::npos || pathDot == std::string::npos || field.compare(0, dot, path, 0, pathDot) != 0)
            return false;
        const std::string leaf = path.substr(pathDot + 1);
        const std::string product = field.substr(dot + 1);
        size_t start = 0;
        while (start <= product.size()) {
            size_t end = product.find("·", start);
            if (end == std::string::npos)
                end = product.size();
            if (product.compare(start, end - start, leaf) == 0)
                return true;
            start = end + std::string("·").size();
        }
        return false;
    };
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    const QColor error = views::Palette::forTheme(dark ? views::Theme::Dark : views::Theme::Light).error;
    for (const Field& f : m_fields) {
        bool bad = false;
        for (const auto& p : problems)
            bad = bad || names(p.field, f.path);
        f.widget->setStyleSheet(bad ? QStringLiteral("border: 2px solid %1;").arg(error.name()) : QString());
    }
    m_problemsText.clear();
    QString html;
    for (model::Problem p : problems) {
        // "…/dir/file.json:12:5" → "file.json:12:5": the folder is noise in a narrow panel.
        if (const auto slash = p.where.find_last_of("/\\"); slash != std::string::npos)
            p.where = p.where.substr(slash + 1);
        const QString line = views::problemText(p);
        m_problemsText += line + QLatin1Char('\n');
        html += QStringLiteral("<li>%1</li>").arg(line.toHtmlEscaped());
    }
    m_problemsText.chop(1);
    m_problems->setVisible(!problems.empty());
    m_problems->setText(problems.empty()
            ? QString()
            : QStringLiteral("<span style='color:%1'><b>%2</b><ul style='margin-left:-20px'>%3</ul>%4</span>")
                  .arg(error.name(), tr("This scenario cannot run:"), html,
                      tr("The timeline shows the last scenario that worked.")));
}

QString ScenarioForm::problemsText() const
{
    return m_problemsText;
}

} // namespace tutor::app
