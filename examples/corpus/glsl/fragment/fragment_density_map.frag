#version 450
// Fragment density maps (FragmentDensityEXT): gl_FragSizeEXT and gl_FragInvocationCountEXT
// scale a procedural detail pattern.
#extension GL_EXT_fragment_invocation_density : require

layout(set = 0, binding = 0) uniform sampler2D albedo;
layout(location = 0) in vec2 inUV;
layout(location = 0) out vec4 outColor;

void main() {
    ivec2 size = gl_FragSizeEXT;
    int invocations = gl_FragInvocationCountEXT;
    float bias = log2(float(max(size.x, size.y)));
    vec4 c = texture(albedo, inUV, bias);
    outColor = vec4(c.rgb, c.a * (invocations > 1 ? 1.0 : 0.999));
}
