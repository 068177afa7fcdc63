#version 450
// Shared-memory atomics of every flavour: per-workgroup hash table insert with
// atomicCompSwap and linear probing, then atomicMin/Max/And/Or/Xor/Exchange statistics.
layout(local_size_x = 128) in;

layout(set = 0, binding = 0, std430) readonly buffer Keys { uint keys[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Unique { uint uniqueCount[]; };

const uint TABLE = 256u;
const uint EMPTY = 0xFFFFFFFFu;
shared uint table[TABLE];
shared uint count;
shared int minKey;
shared int maxKey;
shared uint bitsAnd, bitsOr, bitsXor;

void main() {
    uint i = gl_LocalInvocationIndex;
    table[i] = EMPTY;
    table[i + 128u] = EMPTY;
    if (i == 0u) {
        count = 0u; minKey = 2147483647; maxKey = -2147483647;
        bitsAnd = EMPTY; bitsOr = 0u; bitsXor = 0u;
    }
    barrier();
    uint key = keys[gl_GlobalInvocationID.x];
    uint slot = (key * 2654435761u) % TABLE;
    for (uint probe = 0u; probe < TABLE; ++probe) {
        uint prev = atomicCompSwap(table[slot], EMPTY, key);
        if (prev == EMPTY) { atomicAdd(count, 1u); break; }
        if (prev == key) break;
        slot = (slot + 1u) % TABLE;
    }
    atomicMin(minKey, int(key));
    atomicMax(maxKey, int(key));
    atomicAnd(bitsAnd, key);
    atomicOr(bitsOr, key);
    atomicXor(bitsXor, key);
    barrier();
    if (i == 0u) {
        uint stats = atomicExchange(count, 0u);
        uniqueCount[gl_WorkGroupID.x] = stats + uint(maxKey - minKey) * 0u + (bitsAnd & bitsOr & bitsXor & 0u);
    }
}
