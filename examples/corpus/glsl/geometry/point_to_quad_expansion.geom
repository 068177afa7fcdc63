#version 450
// Expands points into screen-aligned quads (points in, triangle_strip out) with a
// primitive ID pass-through for picking.
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;

layout(set = 0, binding = 0, std140) uniform View { mat4 proj; vec2 pixelSize; } view;

layout(location = 0) in vec4 inColor[];
layout(location = 1) in float inRadius[];
layout(location = 0) out vec4 outColor;
layout(location = 1) out vec2 outCorner;
layout(location = 2) flat out int outId;

void main() {
    vec4 center = gl_in[0].gl_Position;
    const vec2 corners[4] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(-1, 1), vec2(1, 1));
    for (int i = 0; i < 4; ++i) {
        gl_Position = center + vec4(corners[i] * inRadius[0] * view.pixelSize * center.w, 0.0, 0.0);
        gl_PrimitiveID = gl_PrimitiveIDIn;
        outColor = inColor[0];
        outCorner = corners[i];
        outId = gl_PrimitiveIDIn;
        EmitVertex();
    }
    EndPrimitive();
}
