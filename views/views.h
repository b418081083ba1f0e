// SPDX-License-Identifier: MIT
#pragma once
// tutor_views: geometry, painters and item models. Include the specific headers.
