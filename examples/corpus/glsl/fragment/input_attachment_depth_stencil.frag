#version 450
// Soft particles and outline: reads depth and stencil input attachments (an isubpassInput
// for the stencil aspect) in the same subpass as the depth-stencil attachment.
layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput sceneDepth;
layout(input_attachment_index = 1, set = 0, binding = 1) uniform usubpassInput sceneStencil;

layout(location = 0) in vec4 inColor;
layout(location = 1) in float inLinearDepth;
layout(push_constant) uniform Proj { float near; float far; float softness; } proj;
layout(location = 0) out vec4 outColor;

void main() {
    float d = subpassLoad(sceneDepth).r;
    float sceneLinear = proj.near * proj.far / (proj.far - d * (proj.far - proj.near));
    float fade = clamp((sceneLinear - inLinearDepth) / proj.softness, 0.0, 1.0);
    uint stencil = subpassLoad(sceneStencil).r;
    vec3 c = (stencil & 0x80u) != 0u ? inColor.rgb * 0.5 : inColor.rgb;
    outColor = vec4(c, inColor.a * fade);
}
