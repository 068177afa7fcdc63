#version 450
// Writes the stencil reference per fragment (StencilExportEXT) to tag material classes.
#extension GL_ARB_shader_stencil_export : require

layout(location = 0) flat in int inMaterialClass;
layout(location = 0) out vec4 outColor;

void main() {
    gl_FragStencilRefARB = inMaterialClass & 0xFF;
    outColor = vec4(float(inMaterialClass) / 255.0);
}
