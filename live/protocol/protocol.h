#pragma once
// The live lab protocol: JSON Lines records, "protocol": 1.
