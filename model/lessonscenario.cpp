#include "lessonscene.h"

namespace tutor::model {

Problems evaluateScenarioScene(const Scene& scene, const SceneContext&, SceneResult&)
{
    return { Problem { "scene.file", scene.file, "scenario scenes need the training-step simulator" } };
}

} // namespace tutor::model
