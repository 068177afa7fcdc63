#version 450
// Order-independent transparency, resolve pass: walks the per-pixel list, insertion-sorts
// up to 16 fragments and blends back to front. Head pointers read with imageLoad.
layout(set = 0, binding = 0, r32ui) uniform readonly uimage2D headPointers;

struct Node {
    vec4 color;
    float depth;
    uint next;
};
layout(set = 0, binding = 2, std430) readonly buffer Nodes { Node nodes[]; };

layout(location = 0) out vec4 outColor;

const uint END = 0xFFFFFFFFu;
const int MAX_FRAGMENTS = 16;

void main() {
    vec4 colors[MAX_FRAGMENTS];
    float depths[MAX_FRAGMENTS];
    int count = 0;
    uint node = imageLoad(headPointers, ivec2(gl_FragCoord.xy)).r;
    while (node != END && count < MAX_FRAGMENTS) {
        colors[count] = nodes[node].color;
        depths[count] = nodes[node].depth;
        node = nodes[node].next;
        ++count;
    }
    for (int i = 1; i < count; ++i) {
        vec4 c = colors[i];
        float d = depths[i];
        int j = i - 1;
        while (j >= 0 && depths[j] < d) {
            colors[j + 1] = colors[j];
            depths[j + 1] = depths[j];
            --j;
        }
        colors[j + 1] = c;
        depths[j + 1] = d;
    }
    vec4 result = vec4(0.0, 0.0, 0.0, 1.0);
    for (int i = 0; i < count; ++i) {
        result.rgb = mix(result.rgb, colors[i].rgb, colors[i].a);
        result.a *= 1.0 - colors[i].a;
    }
    outColor = result;
}
