#version 450
// Skybox with a cube map and a separate sun disk; direction from the interpolated ray.
layout(set = 0, binding = 1) uniform samplerCube sky;
layout(push_constant) uniform Sky { vec4 sunDirection; vec4 sunColor; float exposure; } skyInfo;
layout(location = 0) in vec3 inDirection;
layout(location = 0) out vec4 outColor;

void main() {
    vec3 d = normalize(inDirection);
    vec3 c = texture(sky, d).rgb;
    float sun = smoothstep(0.9995, 0.9999, dot(d, normalize(skyInfo.sunDirection.xyz)));
    c += skyInfo.sunColor.rgb * sun;
    outColor = vec4(c * skyInfo.exposure, 1.0);
}
