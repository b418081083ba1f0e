// SPDX-License-Identifier: MIT
#pragma once
// tutor_gui: the window and its stages. Include the specific headers.
