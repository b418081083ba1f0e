// SPDX-License-Identifier: MIT
// A learner's progress file (progress.json), read as the window reads it. A refusal says why; accepted progress
// has no negative counts, and saving it and reading it back gives the same lessons, steps and review queue.
#include "app/gui/lessons/lessonprogress.h"
#include "fuzzcheck.h"
#include "qtfile.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace tutor;
    static const QString input = fuzz::scratchPath("progress.json");
    if (!fuzz::writeScratch(input, data, size))
        return 0;
    app::LessonProgress progress(input);
    QString error;
    if (!progress.load(&error)) {
        fuzz::require(!error.isEmpty(), "refused progress says why");
        return 0;
    }
    fuzz::require(progress.answered() >= 0 && progress.answeredCorrectly() >= 0, "counts are not negative");
    const auto queue = progress.reviewQueue();
    for (const auto& id : queue)
        fuzz::require(
            progress.record(id).dueOn(app::LessonProgress::today()), "a queued question is due", id.toStdString());

    // save() writes over the file it was read from; a fresh reader of that file sees the same progress.
    QString saveError;
    fuzz::require(progress.save(&saveError), "loaded progress can be saved", saveError.toStdString());
    const app::LessonProgress again(input);
    fuzz::require(again.answered() == progress.answered() && again.answeredCorrectly() == progress.answeredCorrectly()
            && again.lessonsDone() == progress.lessonsDone() && again.reviewQueue() == queue,
        "progress round-trips through save");
    return 0;
}
