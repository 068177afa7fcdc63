#version 450
layout(location=0) out vec3 x;
layout(location=1) out ivec3 y;
layout(location=2) out vec3 z;
void main(){
   gl_Position = vec4(0);
   x = vec3(0); y = ivec3(0); z = vec3(0);
}
