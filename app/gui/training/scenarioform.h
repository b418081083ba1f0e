// SPDX-License-Identifier: MIT
#pragma once
// The training scenario as a form (not raw JSON): example scenarios, hardware preset, model shape,
// parallelism, batch, communication and compute settings. Every edit emits the whole scenario at once;
// problems from validation are shown inline and mark the offending fields.
#include "app/gui/calibratedchoice.h"
#include "model/collectives/problem.h"
#include "model/sim/scenario.h"

#include <QString>
#include <QWidget>
#include <map>
#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QSpinBox;

namespace tutor::app {

class ScenarioForm : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioForm(QWidget* parent = nullptr);

    /// Fills every field from a scenario without emitting scenarioEdited.
    void setScenario(const model::Scenario& scenario);
    const model::Scenario& scenario() const { return m_scenario; }

    /// Shows problems inline (empty: clears them) and marks the fields they name.
    void showProblems(const model::Problems& problems);
    QString problemsText() const;

    /// The example scenarios offered in the combo (file paths), from scenarioDirectory().
    QStringList examples() const;
    /// Where the example scenarios live: $TUTOR_SCENARIO_DIR, then the installed
    /// <exe>/../share/commtutor/scenarios, then the source tree's assets/scenarios (findDataDir()).
    static QString scenarioDirectory();

    void retranslate();
    /// Re-reads the live lab's calibrated profile: when there is one, the preset list offers "Calibrated: <base
    /// preset>", which sets hardware.preset to the base preset and hardware.intra/inter to the fitted α and β.
    void refreshCalibratedProfile();

signals:
    /// The user changed a field; carries the full edited scenario.
    void scenarioEdited(const tutor::model::Scenario& scenario);
    /// The user picked an example scenario file.
    void exampleChosen(const QString& path);

private:
    struct Field {
        QWidget* widget = nullptr;
        QFormLayout* form = nullptr;
        const char* label = nullptr; ///< untranslated, QT_TR_NOOP
        const char* tooltip = nullptr; ///< untranslated, QT_TR_NOOP
        std::string path; ///< JSON path problems use ("parallel.tp")
    };
    QSpinBox* addInt(
        QFormLayout* form, const char* label, const char* tooltip, const std::string& path, int min, int max);
    QDoubleSpinBox* addDouble(QFormLayout* form, const char* label, const char* tooltip, const std::string& path,
        double min, double max, double step, int decimals);
    QComboBox* addCombo(QFormLayout* form, const char* label, const char* tooltip, const std::string& path);
    QCheckBox* addCheck(QFormLayout* form, const char* label, const char* tooltip, const std::string& path);
    QFormLayout* addGroup(const char* title);
    void readFields();
    void edited();
    void fillExamples();

    model::Scenario m_scenario;
    bool m_filling = false;
    std::vector<Field> m_fields;
    std::vector<std::pair<QGroupBox*, const char*>> m_groups;
    QWidget* m_body = nullptr;
    QLabel* m_problems = nullptr;
    QLabel* m_exampleLabel = nullptr;
    QComboBox* m_examples = nullptr;
    QList<model::LocalizedText> m_exampleNames; ///< per item after the placeholder; shown in the current language
    QString m_problemsText;

    QComboBox* m_preset = nullptr;
    std::optional<CalibratedChoice> m_calibrated; ///< the live lab's calibrated profile, when one is saved
    /// The loaded scenario's parallel.chunk_layers, which the form does not edit: kept while pp · virtual_stages and
    /// the layers still fit it, the even split otherwise (and the list again when they fit once more).
    std::vector<int> m_chunkLayers;
    QSpinBox* m_nodes = nullptr;
    QSpinBox* m_gpusPerNode = nullptr;
    QSpinBox* m_layers = nullptr;
    QSpinBox* m_hidden = nullptr;
    QSpinBox* m_ffn = nullptr;
    QSpinBox* m_heads = nullptr;
    QSpinBox* m_seqLen = nullptr;
    QSpinBox* m_vocab = nullptr;
    QSpinBox* m_experts = nullptr;
    QSpinBox* m_topK = nullptr;
    QSpinBox* m_expertFfn = nullptr;
    QSpinBox* m_sharedExpertFfn = nullptr;
    QSpinBox* m_firstDense = nullptr;
    QSpinBox* m_kvLora = nullptr;
    QSpinBox* m_qLora = nullptr;
    QSpinBox* m_dp = nullptr;
    QSpinBox* m_tp = nullptr;
    QSpinBox* m_pp = nullptr;
    QSpinBox* m_ep = nullptr;
    QSpinBox* m_etp = nullptr;
    QSpinBox* m_cp = nullptr;
    QCheckBox* m_sp = nullptr;
    QComboBox* m_zero = nullptr;
    QSpinBox* m_virtualStages = nullptr;
    QComboBox* m_schedule = nullptr;
    QSpinBox* m_microBatchSize = nullptr;
    QSpinBox* m_microBatches = nullptr;
    QSpinBox* m_gradAccum = nullptr;
    QDoubleSpinBox* m_bucket = nullptr;
    QCheckBox* m_overlap = nullptr;
    QCheckBox* m_tpOverlap = nullptr;
    QCheckBox* m_paramGather = nullptr;
    QCheckBox* m_flexDispatcher = nullptr;
    QCheckBox* m_epOverlap = nullptr;
    QSpinBox* m_prefetch = nullptr;
    QComboBox* m_dtype = nullptr;
    QComboBox* m_recompute = nullptr;
    QComboBox* m_elementwise = nullptr;
    QComboBox* m_attentionKernel = nullptr;
    QComboBox* m_cudaGraphs = nullptr;
    QComboBox* m_precision = nullptr;
    QComboBox* m_fp8Scaling = nullptr;
    QDoubleSpinBox* m_efficiency = nullptr;
    QDoubleSpinBox* m_interference = nullptr;
    QSpinBox* m_stragglerRank = nullptr;
    QDoubleSpinBox* m_stragglerSlowdown = nullptr;
};

} // namespace tutor::app
