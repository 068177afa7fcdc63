#version 450
// Input attachment array indexed non-uniformly (InputAttachmentArrayNonUniformIndexing) to
// composite one of several layers per pixel.
#extension GL_EXT_nonuniform_qualifier : require

layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput layers[4];
layout(input_attachment_index = 4, set = 0, binding = 1) uniform usubpassInput layerSelect;
layout(location = 0) out vec4 outColor;

void main() {
    uint layer = subpassLoad(layerSelect).r & 3u;
    outColor = subpassLoad(layers[nonuniformEXT(layer)]);
}
