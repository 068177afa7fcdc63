#version 450
// Bit manipulation and extended integer built-ins: bitfieldExtract/Insert/Reverse, bitCount,
// findLSB/MSB, uaddCarry, umulExtended, packing functions.
layout(local_size_x = 64) in;

layout(set = 0, binding = 0, std430) buffer Words { uvec4 words[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    uvec4 w = words[i];
    uint field = bitfieldExtract(w.x, 4, 12);
    uint inserted = bitfieldInsert(w.y, field, 20, 12);
    uint rev = bitfieldReverse(w.z);
    int ones = bitCount(w.w);
    int lsb = findLSB(w.x), msb = findMSB(w.y);
    uint carry;
    uint sum = uaddCarry(w.x, w.y, carry);
    uint hi, lo;
    umulExtended(w.z, w.w, hi, lo);
    uint borrow;
    uint diff = usubBorrow(w.x, w.w, borrow);
    uint half2 = packHalf2x16(vec2(float(ones), float(lsb)));
    uint snorm = packSnorm4x8(vec4(-1.0, 0.0, 0.5, 1.0));
    words[i] = uvec4(inserted ^ rev, sum + carry + uint(msb), hi ^ lo ^ diff ^ borrow, half2 ^ snorm);
}
